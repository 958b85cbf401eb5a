/// <reference types="vitest/config" />
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import wasm from "vite-plugin-wasm";

const API_ORIGIN = process.env.API_ORIGIN ?? "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [react(), wasm()],
  build: {
    // The wasm glue uses top-level await; every browser we support has it.
    target: "esnext",
    // The portraits and icons are tiny SVGs; a bigger inline limit is not worth it.
    assetsInlineLimit: 4096,
  },
  server: {
    proxy: {
      "/api": API_ORIGIN,
      "/media": API_ORIGIN,
      "/healthz": API_ORIGIN,
    },
  },
  test: {
    environment: "happy-dom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test-setup.ts"],
    // A deadline above Testing Library's (src/test-setup.ts), for a loaded machine.
    testTimeout: 30_000,
  },
});
