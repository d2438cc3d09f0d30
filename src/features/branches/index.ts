export { BranchListPage, preloadBranchList } from './LazyBranchListPage';
export { BranchEditorPage } from './LazyBranchEditorPage';
export { clearAllDrafts } from './draft-keys';
export { validateBranchEditorSearch, type BranchEditorSearch } from './editor-search';
