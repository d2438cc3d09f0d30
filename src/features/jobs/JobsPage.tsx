export function JobsPage() {
  return <div style={{ padding: 16 }}>Jobs</div>;
}
