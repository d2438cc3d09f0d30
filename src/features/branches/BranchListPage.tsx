export function BranchListPage() {
  return <div style={{ padding: 16 }}>Branches</div>;
}
