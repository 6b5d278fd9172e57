import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// `findBy…`/`waitFor` wait for the UI to settle, they do not time it: on a loaded 2-core CI machine
// with coverage on, a loader re-run can take over the 1 s default, so the bound is generous.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
