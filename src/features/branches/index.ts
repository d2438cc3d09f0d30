export { BranchListPage } from './BranchListPage';
export { BranchEditorPage } from './LazyBranchEditorPage';
