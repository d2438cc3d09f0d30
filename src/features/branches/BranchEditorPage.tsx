export function BranchEditorPage({ id }: { id: string }) {
  return <div style={{ padding: 16 }}>Branch {id}</div>;
}
