/** A small company for the insights API tests: a project with overdue critical work and an unlicensed sub. */
import type { Agent } from '../../testing/harness.js';

/** Monday 2026-03-16, 15:00 UTC (11:00 in New York). */
export const NOW = new Date('2026-03-16T15:00:00Z');

async function post(agent: Agent, url: string, body: Record<string, unknown>) {
  const res = await agent.post(url, body);
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number };
}

export interface SeededCompany {
  projectId: number;
  frameId: number;
  roofId: number;
  wiringId: number;
  contactId: number;
}

/**
 * "Harbor Clinic" from 2026-03-02: "Frame walls" (10 days, 20% done, so due 2026-03-13 and overdue
 * on the critical path) then "Roof" (10 days); "Rough-in electrical" assigned to "Volt Brothers",
 * a subcontractor not marked licensed.
 */
export async function seedCompany(agent: Agent, name = 'Harbor Clinic'): Promise<SeededCompany> {
  const project = await post(agent, '/api/projects', {
    name,
    client: 'Harbor Health',
    type: 'Commercial',
    budget: '500000',
    startDate: '2026-03-02',
    endDate: '2026-12-31',
  });
  const base = { projectId: project.id, startDate: '2026-03-02', endDate: '2026-03-13' };
  const frame = await post(agent, '/api/tasks', {
    ...base,
    name: 'Frame walls',
    duration: 10,
    status: 'in-progress',
    progress: 20,
  });
  const roof = await post(agent, '/api/tasks', {
    // Dated by the schedule from its link (the two working weeks after the framing).
    projectId: project.id,
    name: 'Roof',
    duration: 10,
    dependencies: JSON.stringify([{ taskId: frame.id, type: 'FS', lagDays: 0 }]),
  });
  const contact = await post(agent, '/api/contacts', {
    name: 'Volt Brothers',
    email: 'office@volt.example',
    type: 'subcontractor',
    licensed: false,
  });
  const wiring = await post(agent, '/api/tasks', {
    ...base,
    name: 'Rough-in electrical',
    duration: 3,
    startDate: '2026-04-06',
    endDate: '2026-04-08',
    assignedContactId: contact.id,
  });
  return {
    projectId: project.id,
    frameId: frame.id,
    roofId: roof.id,
    wiringId: wiring.id,
    contactId: contact.id,
  };
}
