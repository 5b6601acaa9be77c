/**
 * One answer format per prompt-cache group (src/core/agents/answer-format.ts):
 * the roles of one model, effort and tool list send one byte-identical
 * format inside the API's subset and limits, each call fills the property its
 * task names, and a reply that fills another property, several or none is an
 * invalid answer handled by the failure protocol.
 */
import assert from 'node:assert/strict';
import { AGENT_SPECS } from '../../src/core/agents';
import { ANSWER_KEYS, answerFormats, envelopeSchema, type FormatMember } from '../../src/core/agents/answer-format';
import { toApiTool } from '../../src/core/llm/anthropic';
import type { AgentRole } from '../../src/core/protocol';
import { AgentRole as AgentRoles } from '../../src/core/protocol';
import { toolSpecs } from '../../src/core/research/tools';
import { structuredOutputProblem } from '../support/fake-anthropic-schema';
import { asWritten, audit, challenge, challengerOut, reply, synth } from '../support/replies';
import { byRole } from '../support/fake-anthropic';
import { runAgainstFake } from '../support/run-harness';

type Json = Record<string, unknown>;

const member = (role: AgentRole, group: string): FormatMember => ({ role, schema: AGENT_SPECS[role].schema, group });
const strictTools = (options: { memory: boolean; webSearch: boolean }) =>
  toolSpecs(options)
    .map(toApiTool)
    .filter((t) => (t as { strict?: boolean }).strict === true) as unknown as Json[];

describe('answer format: one per prompt-cache group', () => {
  it('the default groups (judgement roles on one model, research roles with the toolbox on another, every role on one model) share one format each, inside the subset and limits', () => {
    const layouts: [string, Record<AgentRole, string>][] = [
      ['defaults', { challenger: 'j', 'devils-advocate': 'j', synthesizer: 'j', auditor: 'j', resolver: 'r+tools', researcher: 'r+tools', 'domain-expert': 'r' }],
      ['one model', Object.fromEntries(AgentRoles.options.map((r) => [r, r === 'resolver' || r === 'researcher' ? 'm+tools' : 'm'])) as Record<AgentRole, string>],
    ];
    for (const tools of [strictTools({ memory: false, webSearch: false }), strictTools({ memory: true, webSearch: true })]) {
      for (const [name, groupOf] of layouts) {
        const formats = answerFormats(
          AgentRoles.options.map((r) => member(r, groupOf[r])),
          (m) => (m.group.endsWith('+tools') ? tools.map((t) => t.input_schema as Json) : []),
        );
        for (const role of AgentRoles.options) {
          const format = formats.get(role)!;
          assert.equal(format.key, ANSWER_KEYS[role]);
          const sameGroup = AgentRoles.options.filter((r) => groupOf[r] === groupOf[role]);
          for (const other of sameGroup)
            assert.equal(JSON.stringify(formats.get(other)!.jsonSchema), JSON.stringify(format.jsonSchema), `${name}: ${role} and ${other} send one format`);
          const body = { output_config: { format: { type: 'json_schema', schema: format.jsonSchema } }, ...(groupOf[role].endsWith('+tools') ? { tools } : {}) };
          assert.equal(structuredOutputProblem(body), null, `${name}, ${role}`);
        }
      }
    }
  });

  it('a group whose format and strict tools would exceed the complexity limits gets one format per role instead', () => {
    const heavy: Json[] = Array.from({ length: 3 }, () => ({
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`p${i}`, { type: 'string' }])),
      additionalProperties: false,
    }));
    const formats = answerFormats([member('resolver', 'g'), member('researcher', 'g')], () => heavy);
    const resolver = formats.get('resolver')!.jsonSchema;
    const researcher = formats.get('researcher')!.jsonSchema;
    assert.notEqual(JSON.stringify(resolver), JSON.stringify(researcher));
    assert.deepEqual(Object.keys(resolver.properties as Json), ['resolved_unknowns']);
    assert.deepEqual(Object.keys(researcher.properties as Json), ['research']);
  });

  it("zod reads exactly the role's property: another property, several or none is refused", () => {
    const schema = envelopeSchema('challenges', AGENT_SPECS.challenger.schema);
    const answer = asWritten(challengerOut([challenge()]));
    const parsed = schema.safeParse({ challenges: answer });
    assert.ok(parsed.success);
    assert.deepEqual(parsed.data, AGENT_SPECS.challenger.schema.parse(answer));
    assert.equal(schema.safeParse({ audit: asWritten(audit()) }).success, false, 'another property');
    assert.equal(schema.safeParse({ challenges: answer, audit: asWritten(audit()) }).success, false, 'several');
    assert.equal(schema.safeParse({}).success, false, 'none');
    assert.equal(schema.safeParse(answer).success, false, 'the bare answer without its property');
  });

  it('in a run, a challenger that fills the synthesis property is a failed agent (invalid output), as any malformed answer', async () => {
    const { result, server } = await runAgainstFake({
      envelope: false,
      script: async (req, index) => {
        if (req.role === 'challenger') return { kind: 'json', value: { synthesis: asWritten(synth()) } };
        return byRole({ synthesizer: [reply(synth())], auditor: [reply(audit())] })(req, index);
      },
    });
    const challenger = server.received.find((r) => r.role === 'challenger')!;
    assert.ok(JSON.stringify(challenger.body.messages).includes('Write your answer in the \\"challenges\\" property'), 'the task names the property');
    const failure = result.failures.find((f) => f.role === 'challenger');
    assert.equal(failure?.kind, 'invalid_output');
    assert.match(failure.message, /challenges|synthesis/);
  });
});
