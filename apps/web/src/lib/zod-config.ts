import { z } from 'zod';

/**
 * Zod compiles object parsers with `new Function` when it may. The page's Content Security Policy
 * allows no eval, and even Zod's caught probe for it is reported as a violation, so it is told not
 * to try. main.tsx imports this first: an object schema decides when it is built.
 */
z.config({ jitless: true });
