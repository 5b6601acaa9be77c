/**
 * Definitions in one parsed file: functions, methods, classes, interfaces, structs, traits, types, enums, constants
 * and module-level variables, each with its name and its first and last line (0-based), found by one query per
 * language (definitionQuery); a node type counts when it is in the language's table below, and its name is the node's `name` field (or, where a
 * grammar has none, its first identifier child; C and C++ through the declarator chain). Names of locals inside a
 * function body are not definitions a plan names, so variables count only at module or class level.
 */
import { Query, type Language, type Node, type Tree } from '@vscode/tree-sitter-wasm';
import type { SymbolLanguage } from './language';

export type DefinitionKind = 'function' | 'method' | 'class' | 'type' | 'constant' | 'module';

export interface Definition {
  name: string;
  kind: DefinitionKind;
  line: number;
  endLine: number;
}

const JS: Record<string, DefinitionKind> = {
  function_declaration: 'function',
  generator_function_declaration: 'function',
  class_declaration: 'class',
  abstract_class_declaration: 'class',
  interface_declaration: 'type',
  type_alias_declaration: 'type',
  enum_declaration: 'type',
  method_definition: 'method',
  method_signature: 'method',
  abstract_method_signature: 'method',
  public_field_definition: 'constant',
  field_definition: 'constant',
  variable_declarator: 'constant',
  internal_module: 'module',
  module: 'module',
};

const KINDS: Record<SymbolLanguage, Record<string, DefinitionKind>> = {
  typescript: JS,
  tsx: JS,
  javascript: JS,
  python: { function_definition: 'function', class_definition: 'class', assignment: 'constant' },
  go: {
    function_declaration: 'function',
    method_declaration: 'method',
    type_spec: 'type',
    const_spec: 'constant',
    var_spec: 'constant',
    method_elem: 'method',
    method_spec: 'method',
  },
  rust: {
    function_item: 'function',
    function_signature_item: 'function',
    struct_item: 'class',
    enum_item: 'type',
    trait_item: 'type',
    type_item: 'type',
    union_item: 'type',
    const_item: 'constant',
    static_item: 'constant',
    mod_item: 'module',
    macro_definition: 'function',
  },
  java: {
    class_declaration: 'class',
    interface_declaration: 'type',
    enum_declaration: 'type',
    record_declaration: 'class',
    annotation_type_declaration: 'type',
    method_declaration: 'method',
    constructor_declaration: 'method',
    enum_constant: 'constant',
    variable_declarator: 'constant',
  },
  kotlin: {
    class_declaration: 'class',
    object_declaration: 'class',
    function_declaration: 'function',
    property_declaration: 'constant',
    type_alias: 'type',
    enum_entry: 'constant',
  },
  csharp: {
    class_declaration: 'class',
    struct_declaration: 'class',
    record_declaration: 'class',
    interface_declaration: 'type',
    enum_declaration: 'type',
    delegate_declaration: 'type',
    method_declaration: 'method',
    constructor_declaration: 'method',
    property_declaration: 'constant',
    event_declaration: 'constant',
    enum_member_declaration: 'constant',
    variable_declarator: 'constant',
    namespace_declaration: 'module',
  },
  cpp: {
    function_definition: 'function',
    class_specifier: 'class',
    struct_specifier: 'class',
    enum_specifier: 'type',
    type_definition: 'type',
    alias_declaration: 'type',
    namespace_definition: 'module',
    field_declaration: 'method',
    declaration: 'function',
  },
  c: { function_definition: 'function', struct_specifier: 'class', enum_specifier: 'type', type_definition: 'type', declaration: 'function' },
  ruby: { method: 'method', singleton_method: 'method', class: 'class', module: 'module', assignment: 'constant' },
  php: {
    function_definition: 'function',
    method_declaration: 'method',
    class_declaration: 'class',
    interface_declaration: 'type',
    trait_declaration: 'type',
    enum_declaration: 'type',
    const_element: 'constant',
  },
  swift: {
    class_declaration: 'class',
    protocol_declaration: 'type',
    function_declaration: 'function',
    protocol_function_declaration: 'function',
    typealias_declaration: 'type',
    property_declaration: 'constant',
  },
  scala: {
    class_definition: 'class',
    object_definition: 'class',
    trait_definition: 'type',
    function_definition: 'function',
    function_declaration: 'function',
    val_definition: 'constant',
    type_definition: 'type',
  },
  dart: {
    class_definition: 'class',
    function_signature: 'function',
    method_signature: 'method',
    enum_declaration: 'type',
    mixin_declaration: 'type',
    extension_declaration: 'type',
  },
};

const IDENTIFIER = new Set(['identifier', 'type_identifier', 'property_identifier', 'field_identifier', 'simple_identifier', 'constant', 'name', 'private_property_identifier']);
/** Where a variable or assignment is a definition: at module or class level, not inside a function. */
const SCOPE_BOUNDARY = new Set([
  'function_declaration',
  'function_definition',
  'method_definition',
  'arrow_function',
  'function_expression',
  'function',
  'method',
  'method_declaration',
  'function_item',
  'constructor_declaration',
  'lambda',
  'block',
  'statement_block',
]);
const VARIABLE_LIKE = new Set(['variable_declarator', 'assignment', 'property_declaration', 'var_spec', 'val_definition', 'declaration', 'field_declaration']);
const MAX_DEFINITIONS_PER_FILE = 5000;

/**
 * The query that captures every definition node of a language: its table's node types that the grammar has (a type
 * the grammar lacks would make the query fail to compile). Matching runs inside the parser's wasm, so only the
 * definitions cross into JavaScript; a walk of every node costs ten times more on a large file.
 */
export function definitionQuery(language: Language, lang: SymbolLanguage): Query | null {
  const known = new Set(language.types);
  const source = (types: string[]): string => `[${types.map((t) => `(${t})`).join(' ')}] @definition`;
  const types = Object.keys(KINDS[lang]).filter((t) => known.has(t));
  if (types.length === 0) return null;
  try {
    return new Query(language, source(types));
  } catch {
    // A type the grammar has only as an anonymous token ("module" the keyword) fails as a pattern: tried one by one.
    const valid = types.filter((t) => compiles(language, `(${t})`));
    try {
      return valid.length > 0 ? new Query(language, source(valid)) : null;
    } catch {
      return null;
    }
  }
}

function compiles(language: Language, pattern: string): boolean {
  try {
    new Query(language, pattern).delete();
    return true;
  } catch {
    return false;
  }
}

export function definitionsOf(tree: Tree, lang: SymbolLanguage, query: Query): Definition[] {
  const kinds = KINDS[lang];
  const out: Definition[] = [];
  for (const capture of query.captures(tree.rootNode)) {
    if (out.length >= MAX_DEFINITIONS_PER_FILE) break;
    const node = capture.node;
    const kind = kinds[node.type];
    if (kind === undefined) continue;
    for (const name of namesOf(node, lang)) out.push({ name, kind, line: node.startPosition.row, endLine: node.endPosition.row });
  }
  return out;
}

function namesOf(node: Node, language: SymbolLanguage): string[] {
  if (VARIABLE_LIKE.has(node.type)) {
    if (insideFunction(node)) return [];
    if (node.type === 'declaration' || node.type === 'field_declaration') {
      // C/C++: a function prototype ("int f(void);"), a method declared in a class; not a plain variable.
      const declarator = node.childForFieldName('declarator');
      return declarator?.type === 'function_declarator' ? nameOfDeclarator(declarator) : [];
    }
    if (node.type === 'assignment') {
      const left = node.childForFieldName('left');
      return left && (left.type === 'identifier' || left.type === 'constant') ? [left.text] : [];
    }
  }
  if (language === 'go' && (node.type === 'const_spec' || node.type === 'var_spec')) {
    return node.childrenForFieldName('name').flatMap((n) => (n && n.type === 'identifier' ? [n.text] : []));
  }
  if ((language === 'cpp' || language === 'c') && node.type === 'function_definition') {
    const declarator = node.childForFieldName('declarator');
    return declarator ? nameOfDeclarator(declarator) : [];
  }
  if (node.type === 'type_definition' && (language === 'cpp' || language === 'c')) {
    const declarator = node.childForFieldName('declarator');
    return declarator ? [declarator.text] : [];
  }
  const named = node.childForFieldName('name');
  if (named) return IDENTIFIER.has(named.type) || named.childCount === 0 ? [named.text] : [lastIdentifier(named) ?? named.text];
  for (const child of node.namedChildren) {
    if (child && IDENTIFIER.has(child.type)) return [child.text];
    // Kotlin's property_declaration holds its name in a variable_declaration.
    if (child && child.type === 'variable_declaration') {
      const id = child.namedChildren.find((c) => c && IDENTIFIER.has(c.type));
      if (id) return [id.text];
    }
  }
  return [];
}

/** C and C++: "int *Widget::draw(void)" → "draw"; the name at the end of the declarator chain. */
function nameOfDeclarator(declarator: Node): string[] {
  let d: Node | null = declarator;
  for (let i = 0; d && i < 8; i++) {
    if (IDENTIFIER.has(d.type) || d.type === 'destructor_name' || d.type === 'operator_name') return [d.text];
    if (d.type === 'qualified_identifier') {
      const name = d.childForFieldName('name');
      return name ? nameOfDeclarator(name) : [];
    }
    d = d.childForFieldName('declarator');
  }
  return [];
}

function lastIdentifier(node: Node): string | null {
  for (let i = node.namedChildCount - 1; i >= 0; i--) {
    const child = node.namedChild(i);
    if (child && IDENTIFIER.has(child.type)) return child.text;
  }
  return null;
}

function insideFunction(node: Node): boolean {
  for (let p = node.parent, hops = 0; p && hops < 64; p = p.parent, hops++) if (SCOPE_BOUNDARY.has(p.type)) return true;
  return false;
}
