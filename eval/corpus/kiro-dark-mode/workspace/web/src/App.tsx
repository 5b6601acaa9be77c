export function App() {
  return <main className="dashboard">Dashboard</main>;
}
