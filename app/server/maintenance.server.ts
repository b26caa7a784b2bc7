// Maintenance mode (spec §3 settings; issue "admin hub part 2"). Placeholder until then:
// public loaders call this first; it throws a 503 response for visitors when the mode is on.
export async function enforceMaintenance(_request: Request): Promise<void> {}
