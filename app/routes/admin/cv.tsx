export default function Tab() {
  return <p>Bientôt disponible.</p>
}
