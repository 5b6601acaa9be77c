/**
 * Must be the webview's first import: zod decides at schema creation whether to
 * compile parsers with `new Function`. The panel's CSP forbids eval, and even
 * zod's caught probe is reported as a CSP violation, so the webview runs jitless.
 */
import * as z from 'zod';

z.config({ jitless: true });
