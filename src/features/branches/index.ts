export { BranchListPage } from './LazyBranchListPage';
export { BranchEditorPage } from './LazyBranchEditorPage';
export { clearAllDrafts } from './draft';
