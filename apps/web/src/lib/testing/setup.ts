import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

/**
 * How long `waitFor` and `findBy…` wait for their condition before failing. Testing Library's one
 * second is met on an idle machine but not always on a loaded CI runner, where a page may take
 * seconds to render; a condition that holds is seen as soon as it holds, so a longer bound costs
 * nothing when the tests pass.
 */
configure({ asyncUtilTimeout: 10_000 });

/**
 * Each test starts on an empty document: what a test rendered is unmounted after it (Testing
 * Library does this by itself only where the test globals are on, which they are not here). The
 * spies a test set up are restored by the config's `restoreMocks`.
 */
afterEach(cleanup);
