/**
 * Client module of the static-hosting plugin: keeps libraries from tripping the site's
 * Content-Security-Policy, which allows no `eval` and no `new Function`.
 *
 * DocSearch bundles its own copy of Zod, which probes once whether it may compile validators by
 * calling `Function("")`. The probe's error is caught and Zod validates without generated code,
 * but the browser still reports a `securitypolicyviolation` and logs a console error for it, on
 * every first opening of the search modal. That copy's settings cannot be reached from outside.
 *
 * In production builds the global `Function` constructor therefore throws the `EvalError` the
 * policy would throw, without asking the browser to compile anything: the same outcome for the
 * caller, and no violation. `instanceof Function`, `Function.prototype` and every existing
 * function are unchanged. The development server keeps the real constructor (its tooling may
 * compile code, and it sends no policy), and so does the server-side render.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

if (process.env.NODE_ENV === 'production' && ExecutionEnvironment.canUseDOM) {
  const refuse = (): never => {
    throw new EvalError('Code generation from strings is not allowed by the Content-Security-Policy');
  };
  globalThis.Function = new Proxy(globalThis.Function, { apply: refuse, construct: refuse });
}
