export * from './Button';
export * from './Field';
export * from './Badge';
export * from './States';
export * from './Overlays';
export * from './Toasts';
export * from './time';
export * from './PopoverButton';
export * from './preloadable';
/* Modal is imported from './Modal' directly by lazy features: re-exporting it here would put Radix Dialog in the first load. */
