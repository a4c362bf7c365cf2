export * from './graph/execution-order';
