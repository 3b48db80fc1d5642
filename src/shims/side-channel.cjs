// A small stand-in for the `side-channel` package, used only by qs (Refine's query
// strings; see vite.config.ts). The original supports engines without WeakMap through
// get-intrinsic and object-inspect, ~9 kB gzip in every first load; browsers the
// dashboard supports all have WeakMap and Map. Same API: get, set, has, delete, assert.
"use strict";

module.exports = function getSideChannel() {
  var objects = new WeakMap();
  var others = new Map();
  var store = (key) => ((typeof key === "object" && key !== null) || typeof key === "function" ? objects : others);
  var channel = {
    assert: (key) => {
      if (!channel.has(key)) throw new TypeError("Side channel does not contain the given key");
    },
    delete: (key) => store(key).delete(key),
    get: (key) => store(key).get(key),
    has: (key) => store(key).has(key),
    set: (key, value) => {
      store(key).set(key, value);
    },
  };
  return channel;
};
