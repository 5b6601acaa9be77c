import assert from 'node:assert/strict';
import fc from 'fast-check';
import { classifyLicense } from '../support/corpus-license';

/** Licence statements as the corpus' provenance files write them: each must be read as the redistribution rules say. */
const PERMISSIVE = [
  'MIT',
  'MIT License (LICENSE)',
  '# MIT License (LICENSE.md)',
  'The MIT License (MIT) (LICENSE)',
  'MIT License  Copyright (c) 2025 undsoul',
  'MIT (package.json "license"; no LICENSE file)',
  'MIT (README "License" section; no LICENSE file)',
  'MIT (LICENSE at this commit; the repository later moved to AGPL-3.0)',
  'MIT No Attribution (LICENSE)',
  'Apache-2.0',
  'Apache',
  'Apache License (LICENSE-APACHE)',
  '                                 Apache License (LICENSE)',
  'Licensed under the Apache License, Version 2.0 (the "License"); (LICENSE)',
  'Apache-2.0 OR MIT (package.json "license"; no LICENSE file)',
  'MIT OR Apache-2.0 (LICENSE-MIT, LICENSE-APACHE; Cargo.toml license field)',
  'BSD 3-Clause License (LICENSE)',
  '# License (BSD-3-Clause) (LICENSE)',
  'ISC License (LICENSE)',
  'ISC (package.json "license" at this commit; an ISC LICENSE file was added later)',
  'CC0-1.0',
  'CC-BY-4.0',
  'MPL-2.0',
  'MPL-2.0 (LICENSE; package.json says MIT)',
  'Unlicense',
  'Zlib',
  'WTFPL',
  'PSF-2.0',
  '0BSD',
  'GPL-3.0-only OR MIT',
];

const NOT_PERMISSIVE = [
  'none stated in the repository',
  'none stated in the repository at this commit (an MIT LICENSE was added later)',
  'none stated in the repository (no LICENSE file; src-tauri/Cargo.toml says MIT)',
  'none named (no LICENSE file; README "License" section: "provided as-is for educational and commercial use")',
  'unknown',
  'see LICENSE',
  'licence file (LICENSE)',
  '',
  'MIT License (LICENSE added in a later commit)',
  'MIT (LICENSE added to the repository after this commit)',
  'GNU GENERAL PUBLIC LICENSE (LICENSE)',
  'GNU GENERAL PUBLIC LICENSE Version 3 (LICENSE)',
  'GPL-3.0',
  'GPL-2.0-or-later (LICENSE; Cargo.toml says MIT OR Apache-2.0)',
  'AGPL-3.0 (LICENSE)',
  'GNU AFFERO GENERAL PUBLIC LICENSE (LICENSE.md)',
  'LGPL-2.1',
  'CC-BY-SA-4.0',
  'CC-BY-NC-4.0',
  'Business Source License 1.1 (LICENSE)',
  'Elastic License 2.0 (ELv2)',
  'GazFlow Public License v1.0',
  ' Everyone is permitted to copy and distribute verbatim copies (LICENSE)',
  'modification, are permitted provided that the following conditions are met: (LICENSE)',
  'Based on the Apache License, Version 2.0, with Additional Terms. (LICENSE)',
  'Open RV code base is licensed pursuant to Apache 2.0, except as otherwise requir (LICENSE)',
  'This repository contains both the original design for Google Material Icons (the (LICENSE.md)',
  'MIT AND GPL-3.0',
  'PROPRIETARY',
];

describe('corpus licence classification', () => {
  for (const stated of PERMISSIVE)
    it(`reads ${JSON.stringify(stated)} as permissive`, () => assert.equal(classifyLicense(stated).class, 'permissive', classifyLicense(stated).reason));
  for (const stated of NOT_PERMISSIVE)
    it(`reads ${JSON.stringify(stated)} as not permissive`, () => assert.equal(classifyLicense(stated).class, 'not-permissive', classifyLicense(stated).reason));

  it('never reads a statement with words beyond licence names as permissive (free text is not a licence)', () => {
    const words = fc
      .stringMatching(/^[a-z]{4,9}$/)
      .filter((w) => !/^(?:the|licen[cs]e|version|with|dual|under|licensed|spdx|identifier|mit|isc|bsd|zlib|wtfpl|apache|unlicense|cc0|psf)$/.test(w));
    fc.assert(
      fc.property(fc.constantFrom(...PERMISSIVE.filter((s) => !/\(/.test(s))), words, fc.boolean(), (stated, word, before) => {
        const text = before ? `${word} ${stated}` : `${stated} ${word}`;
        assert.equal(classifyLicense(text).class, 'not-permissive', text);
      }),
    );
  });

  it('reads an OR expression as permissive when one side is, and an AND expression only when every side is', () => {
    const ids = fc.constantFrom('MIT', 'Apache-2.0', 'ISC', 'BSD-2-Clause', 'GPL-3.0', 'AGPL-3.0', 'CC-BY-NC-4.0');
    const permissive = (id: string) => !/GPL|NC/.test(id);
    fc.assert(
      fc.property(fc.array(ids, { minLength: 2, maxLength: 3 }), fc.constantFrom('OR', 'AND'), (list, op) => {
        const expected = op === 'OR' ? list.some(permissive) : list.every(permissive);
        assert.equal(classifyLicense(list.join(` ${op} `)).class === 'permissive', expected, list.join(` ${op} `));
      }),
    );
  });
});
