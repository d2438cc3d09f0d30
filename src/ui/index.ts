export * from './Button';
export * from './Field';
export * from './Badge';
export * from './States';
export * from './Overlays';
export * from './Toasts';
export * from './time';
export * from './PopoverButton';
export * from './preloadable';
export * from './SidePanel';
export * from './Segmented';
export * from './environment';
export * from './download';
/* Combobox, CopyButton and Tabs are imported from their modules by the screens that use them (loaded on demand). */
/* Modal is imported from './Modal' directly by lazy features: re-exporting it here would put Radix Dialog in the first load. */
