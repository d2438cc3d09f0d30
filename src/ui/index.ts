export * from './Button';
export * from './Field';
export * from './Badge';
export * from './States';
export * from './Overlays';
export * from './Toasts';
export * from './time';
