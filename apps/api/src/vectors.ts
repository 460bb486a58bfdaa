// Embedding vectors as the database stores them (little-endian 32-bit floats, unit length) and as
// they are compared (dot products, which are cosines for unit vectors): the knowledge base's
// passages and the collections' items alike.

/** A vector as the database stores it. */
export function vectorBytes(vector: Float32Array): Uint8Array {
  return new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength);
}

/** The stored bytes as a vector of their own (copied: a driver's buffer may be unaligned or reused). */
export function vectorFromBytes(bytes: Uint8Array): Float32Array {
  return new Float32Array(copyOf(bytes).buffer);
}

/** The bytes in a buffer of their own, aligned for a Float32Array view. */
function copyOf(bytes: Uint8Array): Uint8Array {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy;
}

/** The dot product of `length` numbers of `vectors` from `offset` with the query's first. */
export function dot(
  vectors: Float32Array,
  offset: number,
  query: Float32Array,
  length: number,
): number {
  let sum = 0;
  for (let index = 0; index < length; index += 1)
    sum += (vectors[offset + index] ?? 0) * (query[index] ?? 0);
  return sum;
}
