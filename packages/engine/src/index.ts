export * from './graph/execution-order';
export * from './nodes/engine-services';
export * from './nodes/node-registry';
export * from './run/retry';
export * from './run/run-types';
export * from './run/run-workflow';
export * from './run/plan-workflow';
export type { TEntryInput } from './nodes/value-nodes';
