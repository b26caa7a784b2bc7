import { useNavigation } from 'react-router'
import { SpinnerIcon } from './icons.tsx'

/** The form's submit button: disabled, with a spinner, while the page's POST is under way. */
export function SubmitButton({ children }: { children: React.ReactNode }) {
  const navigation = useNavigation()
  const submitting = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  return (
    <button
      type="submit"
      disabled={submitting}
      className="flex w-full items-center justify-center gap-2 rounded-lg bg-purple-600 px-4 py-2 font-semibold hover:bg-purple-500 disabled:opacity-60"
    >
      {submitting ? <SpinnerIcon /> : null}
      {children}
    </button>
  )
}
