/**
 * CSS files imported with `?inline` are their text: esbuild's build (scripts/build.mjs) and Vite
 * (the tests) both give it, and the widget adopts it into its shadow root.
 */
declare module '*.css?inline' {
  const css: string;
  export default css;
}
