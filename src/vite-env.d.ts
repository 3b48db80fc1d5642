/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The API base URL baked in at build time; `/api` on the same origin when unset. */
  readonly VITE_API_URL?: string;
  /** "true" builds the controls' demo page (/ui-kit) in; production builds leave it out. */
  readonly VITE_UI_KIT?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
