import { configure } from '@testing-library/react';

/**
 * How long `waitFor` and `findBy…` wait for their condition before failing. Testing Library's one
 * second is met on an idle machine but not always on a loaded CI runner, where a page may take
 * seconds to render; a condition that holds is seen as soon as it holds, so a longer bound costs
 * nothing when the tests pass.
 */
configure({ asyncUtilTimeout: 10_000 });
