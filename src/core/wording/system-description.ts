/**
 * System description: the words of a section that describes the product as it runs rather than the work of the plan
 * ("## Architecture", "## Data flow", "## Complete User Flow"). Plain data, by language; read by step-work.ts (see
 * README.md): the phases or stages under such a section are not steps of the plan.
 */
import type { Wording } from './words';

/** Words of a title about the system: "Complete Pipeline Architecture", "How it works", "System overview". */
export const SYSTEM_DESCRIPTION: Wording = {
  en: ['architecture', 'data flow', 'dataflow', 'how it works', 'system overview', 'system design', 'pipeline overview', 'pipeline stages'],
};

/** The same, also inside a longer word (German compounds: "Systemarchitektur"; "Arquitectura del sistema"). */
export const SYSTEM_DESCRIPTION_IN_WORD: Wording = {
  es: ['arquitectura'],
  pt: ['arquitetura'],
  de: ['architektur'],
};

/** What flows, before the word for a flow ("User flow", "Request flow"); in Spanish and Portuguese the flow comes first ("Flujo de datos"). */
export const FLOW_OF: Wording = {
  en: [
    'user',
    'data',
    'request',
    'message',
    'event',
    'order',
    'payment',
    'auth',
    'authn',
    'authz',
    'authentication',
    'authorization',
    'authorisation',
    'login',
    'signup',
    'sign up',
    'sign-up',
    'checkout',
    'trade',
    'transaction',
    'runtime',
    'control',
  ],
  pt: ['fluxo de', 'fluxo do'],
  es: ['flujo de'],
};

/** The word after: "flow" after what flows; what flows after "fluxo do", "flujo de". */
export const FLOW: Wording = {
  en: ['flow'],
  pt: ['usuário', 'usuario', 'dados'],
  es: ['usuario', 'datos'],
};

/** A title about the product's run by itself: "Request lifecycle", "How it works". */
export const RUN_OF_PRODUCT: Wording = {
  en: ['lifecycle', 'how it works'],
};
