export { BranchListPage } from './LazyBranchListPage';
export { BranchEditorPage } from './LazyBranchEditorPage';
