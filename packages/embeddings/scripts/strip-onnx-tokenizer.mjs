// Takes the SentencePiece tokenizer out of an ONNX graph, in Node: onnxruntime-node cannot run the
// custom op `ai.onnx.contrib:SentencepieceTokenizer` (it lives in onnxruntime-extensions), so the
// graph is made to start from the token ids and row splits the tokenizer would have produced, and
// the SentencePiece model the op carried is handed back to be saved beside it. Works on protobuf
// fields as they are on the wire: what it does not change is copied byte for byte, so the output
// is the same for the same input.

/** The ONNX protobuf field numbers this reads or writes (onnx/onnx.proto3). */
const ONNX = {
  model: { graph: 7, opsetImport: 8 },
  opsetImport: { domain: 1 },
  graph: { node: 1, initializer: 5, input: 11, output: 12 },
  node: { input: 1, output: 2, name: 3, opType: 4, attribute: 5, domain: 7 },
  attribute: { name: 1, f: 2, i: 3, s: 4, g: 6, type: 20, graphs: 11 },
  tensor: { name: 8 },
  valueInfo: { name: 1, type: 2 },
  type: { tensorType: 1 },
  tensorType: { elemType: 1, shape: 2 },
  shape: { dim: 1 },
  dimension: { dimParam: 2 },
  elemType: { int32: 6, int64: 7 },
};

/** The custom op's domain: its opset import goes with it. */
const CONTRIB_DOMAIN = 'ai.onnx.contrib';

/** The graph's new inputs, standing for the tokenizer's two outputs (ids first, then splits). */
const NEW_INPUTS = [
  { name: 'token_ids', elemType: ONNX.elemType.int32, dimParam: 'tokens' },
  { name: 'row_splits', elemType: ONNX.elemType.int64, dimParam: 'rows_plus_one' },
];

/**
 * One field of a protobuf message as it is on the wire.
 * @typedef {object} WireField
 * @property {number} number
 * @property {number} wireType 0 varint, 1 fixed 64-bit, 2 length-delimited, 5 fixed 32-bit
 * @property {Buffer} raw the whole field, tag included, to copy unchanged
 * @property {Buffer} bytes a length-delimited field's content, or the fixed-width value's bytes
 * @property {bigint} varint a varint field's value (0n for the other wire types)
 */

/**
 * @param {Buffer} buffer
 * @param {number} offset
 * @returns {{ value: bigint, next: number }}
 */
function readVarint(buffer, offset) {
  let value = 0n;
  let shift = 0n;
  for (let position = offset; position < buffer.length && shift < 70n; position += 1) {
    const byte = /** @type {number} */ (buffer[position]);
    value |= BigInt(byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) return { value, next: position + 1 };
    shift += 7n;
  }
  throw new Error(`protobuf: a varint at byte ${offset} does not end`);
}

/**
 * The fields of one protobuf message, in the order they are on the wire.
 * @param {Buffer} message
 * @returns {WireField[]}
 */
function readFields(message) {
  /** @type {WireField[]} */
  const fields = [];
  let offset = 0;
  while (offset < message.length) {
    const start = offset;
    const tag = readVarint(message, offset);
    const number = Number(tag.value >> 3n);
    const wireType = Number(tag.value & 7n);
    let varint = 0n;
    let bytesStart = tag.next;
    if (wireType === 0) {
      ({ value: varint, next: offset } = readVarint(message, tag.next));
    } else if (wireType === 1 || wireType === 5) {
      offset = tag.next + (wireType === 1 ? 8 : 4);
    } else if (wireType === 2) {
      const length = readVarint(message, tag.next);
      bytesStart = length.next;
      offset = length.next + Number(length.value);
    } else {
      throw new Error(`protobuf: wire type ${wireType} (field ${number}) is not supported`);
    }
    if (offset > message.length) throw new Error(`protobuf: field ${number} runs past its message`);
    fields.push({
      number,
      wireType,
      raw: message.subarray(start, offset),
      bytes: message.subarray(bytesStart, offset),
      varint,
    });
  }
  return fields;
}

/**
 * @param {bigint} value a non-negative value
 * @returns {Buffer}
 */
function encodeVarint(value) {
  /** @type {number[]} */
  const bytes = [];
  let rest = value;
  while (rest >= 0x80n) {
    bytes.push(Number(rest & 0x7fn) | 0x80);
    rest >>= 7n;
  }
  bytes.push(Number(rest));
  return Buffer.from(bytes);
}

/**
 * A length-delimited field: a string, bytes or an embedded message.
 * @param {number} number
 * @param {Buffer | string} content
 * @returns {Buffer}
 */
function lengthDelimited(number, content) {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return Buffer.concat([
    encodeVarint((BigInt(number) << 3n) | 2n),
    encodeVarint(BigInt(bytes.length)),
    bytes,
  ]);
}

/**
 * @param {number} number
 * @param {number} value
 * @returns {Buffer}
 */
function varintField(number, value) {
  return Buffer.concat([encodeVarint(BigInt(number) << 3n), encodeVarint(BigInt(value))]);
}

/**
 * The text of every length-delimited field `number` in `fields`.
 * @param {readonly WireField[]} fields
 * @param {number} number
 * @returns {string[]}
 */
function strings(fields, number) {
  return fields
    .filter((field) => field.number === number && field.wireType === 2)
    .map((field) => field.bytes.toString('utf8'));
}

/**
 * The text of the field `number` in `fields`, or '' (protobuf's default) when it is absent.
 * @param {readonly WireField[]} fields
 * @param {number} number
 * @returns {string}
 */
function string(fields, number) {
  return strings(fields, number).at(-1) ?? '';
}

/**
 * A ValueInfoProto for a one-dimensional tensor whose length is named, not fixed.
 * @param {{ name: string, elemType: number, dimParam: string }} input
 * @returns {Buffer}
 */
function vectorValueInfo({ name, elemType, dimParam }) {
  const dimension = lengthDelimited(ONNX.dimension.dimParam, dimParam);
  const shape = lengthDelimited(ONNX.shape.dim, dimension);
  const tensorType = Buffer.concat([
    varintField(ONNX.tensorType.elemType, elemType),
    lengthDelimited(ONNX.tensorType.shape, shape),
  ]);
  const type = lengthDelimited(ONNX.type.tensorType, tensorType);
  return Buffer.concat([
    lengthDelimited(ONNX.valueInfo.name, name),
    lengthDelimited(ONNX.valueInfo.type, type),
  ]);
}

/**
 * One of the tokenizer node's attributes, for the record: its name, its AttributeProto type and
 * its value (a float, an integer or, for bytes, their length).
 * @typedef {object} AttributeSummary
 * @property {string} name
 * @property {number} type
 * @property {number | bigint | { bytes: number }} value
 */

/**
 * @param {readonly WireField[]} attribute an AttributeProto's fields
 * @returns {AttributeSummary}
 */
function summarizeAttribute(attribute) {
  const type = Number(attribute.find((field) => field.number === ONNX.attribute.type)?.varint ?? 0);
  const f = attribute.find((field) => field.number === ONNX.attribute.f);
  const i = attribute.find((field) => field.number === ONNX.attribute.i);
  const s = attribute.find((field) => field.number === ONNX.attribute.s);
  /** @type {AttributeSummary['value']} */
  let value = 0;
  if (s) value = { bytes: s.bytes.length };
  else if (i) value = i.varint;
  else if (f) value = f.bytes.readFloatLE(0);
  return { name: string(attribute, ONNX.attribute.name), type, value };
}

/**
 * @typedef {object} StrippedModel
 * @property {Buffer} model the ONNX model, starting from `token_ids` (int32, every sentence's ids
 *   one after the other) and `row_splits` (int64, where each sentence starts, then the end)
 * @property {Buffer} sentencepiece the serialized SentencePiece model the tokenizer carried
 * @property {AttributeSummary[]} attributes every attribute the tokenizer node had
 * @property {string[]} tokenizerInputs the names of the tokenizer node's inputs (text first, then
 *   its settings, which the code that tokenizes must reproduce)
 * @property {{ before: number, after: number }} initializers how many initializers the graph had
 *   and how many it keeps (those a remaining node reads)
 */

/**
 * Removes the graph's one `ai.onnx.contrib:SentencepieceTokenizer` node: the nodes that read its
 * outputs read the new graph inputs `token_ids` and `row_splits` instead, the graph's old inputs
 * (the text) go, and so do the `ai.onnx.contrib` opset import and the initializers no node reads
 * any more. Throws when the graph is not shaped as this expects (no such node or more than one, a
 * subgraph, an old input still read).
 * @param {Buffer} onnx a serialized ModelProto
 * @returns {StrippedModel}
 */
export function stripSentencepieceTokenizer(onnx) {
  const model = readFields(onnx);
  const graphFields = model.filter((field) => field.number === ONNX.model.graph);
  const graphField = graphFields[0];
  if (graphFields.length !== 1 || !graphField) throw new Error('ONNX: expected one graph');
  const graph = readFields(graphField.bytes);

  const nodes = graph
    .filter((field) => field.number === ONNX.graph.node)
    .map((field) => ({ field, parts: readFields(field.bytes) }));
  const tokenizers = nodes.filter(
    ({ parts }) =>
      string(parts, ONNX.node.opType) === 'SentencepieceTokenizer' &&
      string(parts, ONNX.node.domain) === CONTRIB_DOMAIN,
  );
  const tokenizer = tokenizers[0];
  if (tokenizers.length !== 1 || !tokenizer) {
    throw new Error(`ONNX: expected one SentencepieceTokenizer node, found ${tokenizers.length}`);
  }
  const outputs = strings(tokenizer.parts, ONNX.node.output);
  if (outputs.length !== NEW_INPUTS.length) {
    throw new Error(`ONNX: the tokenizer has ${outputs.length} outputs, expected 2`);
  }
  /** @type {Map<string, string>} */
  const renames = new Map(outputs.map((output, index) => [output, NEW_INPUTS[index]?.name ?? '']));
  const attributes = tokenizer.parts
    .filter((field) => field.number === ONNX.node.attribute)
    .map((field) => readFields(field.bytes));
  const modelAttribute = attributes.find(
    (attribute) => string(attribute, ONNX.attribute.name) === 'model',
  );
  const sentencepiece = modelAttribute?.find((field) => field.number === ONNX.attribute.s)?.bytes;
  if (!sentencepiece) throw new Error('ONNX: the tokenizer has no `model` attribute');

  /** @type {Map<WireField, Buffer>} the nodes that stay, rewritten where they read a renamed name */
  const keptNodes = new Map();
  /** @type {Set<string>} */
  const read = new Set();
  for (const { field, parts } of nodes) {
    if (field === tokenizer.field) continue;
    for (const attribute of parts.filter((part) => part.number === ONNX.node.attribute)) {
      const inner = readFields(attribute.bytes);
      if (
        inner.some(
          (part) => part.number === ONNX.attribute.g || part.number === ONNX.attribute.graphs,
        )
      ) {
        throw new Error(
          `ONNX: node ${string(parts, ONNX.node.name)} has a subgraph, which this does not follow`,
        );
      }
    }
    let renamed = false;
    const rewritten = parts.map((part) => {
      if (part.number !== ONNX.node.input) return part.raw;
      const name = part.bytes.toString('utf8');
      const replacement = renames.get(name);
      read.add(replacement ?? name);
      if (replacement === undefined) return part.raw;
      renamed = true;
      return lengthDelimited(ONNX.node.input, replacement);
    });
    keptNodes.set(
      field,
      renamed ? lengthDelimited(ONNX.graph.node, Buffer.concat(rewritten)) : field.raw,
    );
  }

  const oldInputs = graph
    .filter((field) => field.number === ONNX.graph.input)
    .map((field) => string(readFields(field.bytes), ONNX.valueInfo.name));
  const stillRead = oldInputs.filter((name) => read.has(name));
  // An initializer may also be read as a graph output.
  for (const field of graph.filter((part) => part.number === ONNX.graph.output)) {
    read.add(string(readFields(field.bytes), ONNX.valueInfo.name));
  }
  if (stillRead.length > 0) {
    throw new Error(
      `ONNX: graph inputs ${stillRead.join(', ')} are read by more than the tokenizer`,
    );
  }

  let initializers = 0;
  let initializersKept = 0;
  let inputsWritten = false;
  /** @type {Buffer[]} */
  const graphOut = [];
  for (const field of graph) {
    if (field.number === ONNX.graph.node) {
      const kept = keptNodes.get(field);
      if (kept) graphOut.push(kept);
    } else if (field.number === ONNX.graph.initializer) {
      initializers += 1;
      if (read.has(string(readFields(field.bytes), ONNX.tensor.name))) {
        initializersKept += 1;
        graphOut.push(field.raw);
      }
    } else if (field.number === ONNX.graph.input) {
      // The new inputs take the place of the first old one.
      if (!inputsWritten) {
        graphOut.push(
          ...NEW_INPUTS.map((input) => lengthDelimited(ONNX.graph.input, vectorValueInfo(input))),
        );
        inputsWritten = true;
      }
    } else {
      graphOut.push(field.raw);
    }
  }

  if (!inputsWritten) throw new Error('ONNX: the graph has no inputs');

  /** @type {Buffer[]} */
  const modelOut = [];
  for (const field of model) {
    if (field === graphField) {
      modelOut.push(lengthDelimited(ONNX.model.graph, Buffer.concat(graphOut)));
    } else if (
      field.number === ONNX.model.opsetImport &&
      string(readFields(field.bytes), ONNX.opsetImport.domain) === CONTRIB_DOMAIN
    ) {
      continue;
    } else {
      modelOut.push(field.raw);
    }
  }

  return {
    model: Buffer.concat(modelOut),
    sentencepiece: Buffer.from(sentencepiece),
    attributes: attributes.map(summarizeAttribute),
    tokenizerInputs: strings(tokenizer.parts, ONNX.node.input),
    initializers: { before: initializers, after: initializersKept },
  };
}
