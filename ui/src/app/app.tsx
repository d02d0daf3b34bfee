export function App() {
  return <p>PrestaLab</p>;
}
