/** Test helpers of shops for other areas' tests (the implementation is test support code). */
export { callLogWritten } from './service.ts';
export { connectShop, listening, simulatorAccount } from './test-support.ts';
