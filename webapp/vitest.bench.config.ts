/// <reference types="vitest/config" />
// `just bench-domain`: benchmarks run by Vitest's runner, never by `npm test`.
import { defineConfig } from "vite";
import wasm from "vite-plugin-wasm";

export default defineConfig({
  plugins: [wasm()],
  test: { environment: "node", include: ["bench/**/*.bench.ts"], testTimeout: 300_000 },
});
