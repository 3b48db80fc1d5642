// A stand-in for the `resize-observer-polyfill` package, used only by antd's
// rc-resize-observer (see vite.config.ts). The polyfill emulates ResizeObserver with
// mutation observers and timers for browsers without it (~3 kB gzip in every first load);
// every browser the dashboard supports has the native one, which the polyfill would
// hand back anyway.
export default globalThis.ResizeObserver;
