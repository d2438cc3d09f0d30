export { BranchListPage, preloadBranchList } from './list/LazyBranchListPage';
export { BranchEditorPage } from './editor/LazyBranchEditorPage';
export { clearAllDrafts } from './drafts/draft-keys';
