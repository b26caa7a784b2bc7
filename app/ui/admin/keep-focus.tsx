// Keyboard position kept through the hub's actions (a keyboard user must not be sent back to the top): a delete, "Marquer
// comme lu", "Réessayer" remove or re-render the button that had focus, which then fell to
// <body>, and a keyboard user started again from the top of the page. When a submission ends
// and focus is nowhere, it goes to the tab's content (its announcement, if any, comes first).
import { useEffect, useRef, type RefObject } from 'react'
import { useFetchers, useNavigation } from 'react-router'

export function useKeepFocus(target: RefObject<HTMLElement | null>) {
  const navigation = useNavigation()
  const fetchers = useFetchers()
  const busy = navigation.state !== 'idle' || fetchers.some((fetcher) => fetcher.state !== 'idle')
  const wasBusy = useRef(false)
  useEffect(() => {
    if (busy) {
      wasBusy.current = true
      return
    }
    if (!wasBusy.current) return
    wasBusy.current = false
    // After React has committed the new content (and any dialog has given focus back).
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement
      if (active && active !== document.body) return
      const element = target.current
      if (!element) return
      const status = element.querySelector<HTMLElement>('[role="status"], [role="alert"]')
      const into = status ?? element
      if (!into.hasAttribute('tabindex')) into.setAttribute('tabindex', '-1')
      into.focus({ preventScroll: true })
    })
    return () => cancelAnimationFrame(frame)
  }, [busy, target])
}
