// A resource route (no component) that takes no form must answer a POST with the French 405
// of method-not-allowed.server.ts: without an `action`, React Router answers in English
// ("Unexpected Server Error"). Read from the route files themselves, so a new one cannot forget it.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROUTES = path.resolve(import.meta.dirname)

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return routeFiles(full)
    return /\.tsx?$/.test(entry.name) && !/\.(test|server)\.tsx?$/.test(entry.name) ? [full] : []
  })
}

const exportsName = (source: string, name: string) =>
  new RegExp(`export (async )?(function|const) ${name}\\b`).test(source)

describe('resource routes', () => {
  const resources = routeFiles(ROUTES)
    .map((file) => ({ file, source: readFileSync(file, 'utf8') }))
    .filter(({ source }) => exportsName(source, 'loader') && !/export default/.test(source))

  it('are found', () => {
    expect(resources.length).toBeGreaterThan(10)
  })

  it.each(resources.map(({ file, source }) => [path.relative(ROUTES, file), source]))(
    '%s answers a POST itself (an action, the French 405 when it takes no form)',
    (_file, source) => {
      expect(exportsName(source, 'action')).toBe(true)
    },
  )
})
