import { useEffect, useState } from "react";
import { Navigate, Route, Routes, useSearchParams } from "react-router";
import { lazyComponent } from "@/components/routing/lazy-component";
import { LazyPageLoader } from "@/components/routing/lazy-page-loader";
import { AuthLayout } from "@/layouts/auth-layout";
import { loadAuth } from "@/pages/auth/auth-client";
import { SignInPage } from "@/pages/auth/sign-in";
import { RETURN_TO_PARAM, safeReturnTo } from "@/providers/auth/return-to";
import { APP_TITLE } from "@/providers/document-title";
import { selectHasSignedInState, useAuthSessionStore } from "@/providers/stores/auth-session";

const autoSignIn = () => import("@/pages/auth/auto-sign-in");
const loading = <LazyPageLoader />;
const MagicLinkPage = lazyComponent(async () => (await autoSignIn()).MagicLinkPage, loading);
const ProviderCallbackPage = lazyComponent(async () => (await autoSignIn()).ProviderCallbackPage, loading);
const SignUpPage = lazyComponent(async () => (await import("@/pages/auth/sign-up")).SignUpPage, loading);
const passwordPages = () => import("@/pages/auth/password-reset");
const ForgotPasswordPage = lazyComponent(async () => (await passwordPages()).ForgotPasswordPage, loading);
const ResetPasswordPage = lazyComponent(async () => (await passwordPages()).ResetPasswordPage, loading);

/**
 * A signed-in user goes to the dashboard. Nobody is signed in without a
 * company role token in the local session state, so a visitor sees the form at once; the
 * auth code is fetched after the first paint (the forms need it) and runs the provider's
 * own check, which also clears a local state whose session is gone. Only with a role token
 * does the page wait for that check, as it did inside Refine.
 */
function VisitorGate() {
  const [signedIn, setSignedIn] = useState<boolean | null>(() =>
    selectHasSignedInState(useAuthSessionStore.getState()) ? null : false,
  );
  const [params] = useSearchParams();
  const waiting = signedIn === null;
  useEffect(() => {
    let live = true;
    loadAuth()
      .then(({ authProvider }) => authProvider.check?.({ scope: "visitor" }))
      .then((answer) => {
        if (live && waiting) setSignedIn(answer?.authenticated === true);
      })
      .catch(() => {
        if (live && waiting) setSignedIn(false);
      });
    return () => {
      live = false;
    };
  }, [waiting]);
  if (signedIn === null) return <LazyPageLoader />;
  return signedIn ? <Navigate to={safeReturnTo(params.get(RETURN_TO_PARAM)) ?? "/"} replace /> : <AuthLayout />;
}

/**
 * The account screens for visitors (core/routes/visitor-paths.ts) without
 * Refine, react-query or the dashboard layout: the sign-in page's first load is React,
 * the router and the antd parts its form uses. Signing in navigates to a dashboard path,
 * which src/root.tsx answers with the dashboard app.
 */
export function AuthApp() {
  useEffect(() => {
    document.title = APP_TITLE;
  }, []);
  return (
    <Routes>
      <Route element={<VisitorGate />}>
        <Route path="/signin" element={<SignInPage />} />
        <Route path="/signin/verify" element={<MagicLinkPage />} />
        <Route path="/auth/callback/:providerId" element={<ProviderCallbackPage />} />
        <Route path="/signup" element={<SignUpPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
      </Route>
    </Routes>
  );
}
