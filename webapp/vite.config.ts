/// <reference types="vitest/config" />
import { availableParallelism } from "node:os";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import wasm from "vite-plugin-wasm";

const API_ORIGIN = process.env.API_ORIGIN ?? "http://127.0.0.1:8080";

/**
 * The first paint comes before the app's code is fetched. The built page's
 * module script and module preloads leave `<head>`; a line of inline script
 * right after the intro screen's block adds them once the page is parsed:
 * at once when the page has no intro screen (a later page of the browser
 * session), otherwise once the intro screen has painted (the browser's
 * paint timing; 100 ms at the latest, as in a background tab); and when the
 * server drew the first screen, once that has loaded (its stylesheets and
 * images, such as a mentor's photo) and painted (3 s at most), so the
 * page's largest paint is never held behind the app's code. The home
 * page's first wasm module (the home page's, or the one the server names in
 * `<html data-rules>`: the learner's on a learner's screen) is fetched beside
 * them (a preload, instead of a fetch once the code has run), so the intro is neither held back by the
 * JavaScript nor competing with it for the network. The app's stylesheets
 * follow that line in `<body>`: a stylesheet in the body holds back only
 * what comes after it, so the intro (self-contained styles) paints while
 * they load, and the app's module still runs only once they have loaded.
 * The server allows the inline script by its hash
 * (api/src/web/inline_scripts.rs).
 */
function paintFirst(): Plugin {
  return {
    name: "paint-first",
    apply: "build",
    enforce: "post",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const marker = "<!--/intro-->";
        if (!html.includes(marker)) throw new Error("index.html has no <!--/intro--> marker");
        const take = (pattern: RegExp) => {
          const found: string[] = [];
          html = html.replace(pattern, (_tag, url: string) => {
            found.push(url);
            return "";
          });
          return found;
        };
        const entries = take(/[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/g);
        const preloads = take(/[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g);
        const styles = take(/[ \t]*<link rel="stylesheet" crossorigin href="([^"]+)">\n?/g);
        if (entries.length !== 1) throw new Error(`expected one module entry in index.html, found ${entries.length}`);
        // The wasm module the page instantiates first (the home page's, or on
        // a learner's screen the learner's: the server names it in
        // `<html data-rules>`), with its glue's code, fetched beside the
        // app's code instead of after it has run.
        const firstModule = (glue: string) => {
          const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === "chunk" && c.facadeModuleId?.endsWith(glue));
          if (chunk?.type !== "chunk") throw new Error(`no chunk of ${glue}`);
          const code = [chunk.fileName, ...chunk.imports].map((f) => `/${f}`).filter((url) => !preloads.includes(url) && url !== entries[0]);
          const wasm = new Set<string>();
          for (const url of code) {
            const c = ctx.bundle?.[url.slice(1)];
            if (c?.type === "chunk") for (const m of c.code.matchAll(/\/assets\/[\w.-]+\.wasm/g)) wasm.add(m[0]);
          }
          if (wasm.size !== 1) throw new Error(`expected ${glue} to instantiate one wasm module, found ${wasm.size}`);
          return [...[...wasm].map((h) => ["preload", h]), ...code.map((h) => ["modulepreload", h])];
        };
        const rules = { home: firstModule("/domain-pkg/domain.js"), learner: firstModule("/domain-pkg/learner/domain.js") };
        const boot = [
          "(function(){var done=0;",
          // A task of its own (a message, which no test clock holds back).
          "function task(f){var c=new MessageChannel();c.port1.onmessage=f;c.port2.postMessage(0)}",
          // The links go in two at a time, a task each: inserting a module
          // preload costs the browser a few milliseconds (tens on a slow
          // phone), and thirty at once would block the page.
          "function boot(){if(done++)return;",
          `var r=${JSON.stringify(rules)};`,
          `var a=(r[document.documentElement.getAttribute("data-rules")]||r.home).concat(${JSON.stringify(preloads)}.map(function(h){return["modulepreload",h]}));`,
          `(function next(){a.splice(0,2).forEach(function(p){var l=document.createElement("link");l.rel=p[0];if(p[0]==="preload")l.as="fetch";l.crossOrigin="";l.href=p[1];document.head.appendChild(l)});`,
          `if(a.length)return task(next);var s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=${JSON.stringify(entries[0])};document.head.appendChild(s)})()}`,
          // Once the page is parsed; when the server drew the first screen,
          // once it has loaded (its stylesheets and images: a mentor's
          // photo) and the browser reports its largest paint in that screen
          // (the frame after the load event where it cannot); 3 s at most.
          "function start(){if(document.readyState==='loading')return document.addEventListener('DOMContentLoaded',start);",
          "var f=document.getElementById('first-screen');if(!f)return boot();setTimeout(boot,3000);",
          "function painted(){var P=window.PerformanceObserver;",
          "if(!P||(P.supportedEntryTypes||[]).indexOf('largest-contentful-paint')===-1)return requestAnimationFrame(function(){task(boot)});",
          "new P(function(l,o){if(l.getEntries().some(function(e){return e.element&&f.contains(e.element)})){o.disconnect();task(boot)}}).observe({type:'largest-contentful-paint',buffered:true})}",
          "if(document.readyState==='complete')return painted();window.addEventListener('load',painted)}",
          'if(!document.getElementById("intro")||!window.PerformanceObserver)return start();',
          'var t=setTimeout(start,100);',
          'try{new PerformanceObserver(function(l,o){o.disconnect();clearTimeout(t);start()}).observe({type:"paint",buffered:true})}catch(e){clearTimeout(t);start()}})();',

        ].join("");
        const tags = [`<script>${boot}</script>`, ...styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`)];
        return html.replace(marker, [marker, ...tags].join("\n    "));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), wasm(), paintFirst()],
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
    // A worker per core: Vitest's default (one fewer) left one of two cores
    // mostly idle (80 s for the suite on 2 cores, 54 s with two workers).
    maxWorkers: availableParallelism(),
  },
});
