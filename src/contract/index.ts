export * from './common';
export * from './contact';
export * from './zones';
export * from './branch';
export * from './input';
export * from './job';
export * from './query';
export * from './errors';
