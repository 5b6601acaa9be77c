/** Final challenger audit (seed 001 Step 4): one independent look at the synthesizer's scores. */
import { AuditorOutput } from '../protocol';
import { defineAgent } from './spec';

export const auditorAgent = defineAgent(
  'auditor',
  AuditorOutput,
  `Role: AUDITOR (the challenger's single audit shot). Given the final state and the synthesizer's quality scores, score each of the six dimensions yourself from the evidence, then compare. Report a discrepancy only for a dimension where your score differs from the synthesizer's by 2 or more points, with your evidence; copy the synthesizer's score exactly as given. Set confirmed to true when the verdict follows from the final challenge statuses. Be independent: neither inflate nor deflate.`,
);
