/**
 * Client module of the static-hosting plugin: keeps the site's own code within its
 * Content-Security-Policy, which allows no `eval`.
 *
 * Zod (used by the search modal of DocSearch) probes once whether it may compile validators with
 * `new Function`. The probe's error is caught, but the browser still reports a
 * `securitypolicyviolation` for it. Zod's `jitless` setting skips the probe; validation works the
 * same, without generated code.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
