export { BranchListPage, preloadBranchList } from './list/LazyBranchListPage';
export { BranchEditorPage } from './editor/LazyBranchEditorPage';
export { clearAllDrafts } from './drafts/draft-keys';
export { validateBranchEditorSearch, type BranchEditorSearch } from './editor/editor-search';
