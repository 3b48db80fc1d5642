import { Type } from "typebox";

// The passwordless bodies of the SuperTokens frontend protocol: a code and a magic link by e-mail or text message.

/** POST /auth/signinup/code: where to send the code, an e-mail address or a phone number (one of them). */
export const codeRequestInput = Type.Object({
  email: Type.Optional(Type.String({ maxLength: 254 })),
  phoneNumber: Type.Optional(Type.String({ maxLength: 30 })),
  shouldTryLinkingWithSessionUser: Type.Optional(Type.Boolean()),
});

/** POST /auth/signinup/code/resend: the sign-in attempt to send a new code for. */
export const codeResendInput = Type.Object({
  deviceId: Type.String({ maxLength: 100 }),
  preAuthSessionId: Type.String({ maxLength: 100 }),
  shouldTryLinkingWithSessionUser: Type.Optional(Type.Boolean()),
});

/** POST /auth/signinup/code/consume: the code with its device, or the magic link's code. */
export const codeConsumeInput = Type.Object({
  preAuthSessionId: Type.String({ maxLength: 100 }),
  userInputCode: Type.Optional(Type.String({ maxLength: 20 })),
  deviceId: Type.Optional(Type.String({ maxLength: 100 })),
  linkCode: Type.Optional(Type.String({ maxLength: 100 })),
  shouldTryLinkingWithSessionUser: Type.Optional(Type.Boolean()),
});

/** GET /auth/passwordless/phonenumber/exists. */
export const phoneExistsQuery = Type.Object({ phoneNumber: Type.String({ maxLength: 30 }) });
