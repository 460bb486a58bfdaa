// Spanish words about the catalogue's values: price bounds, rankings, facts of one item.
import type { Filters } from '../../router/pieces.js';
import { inflect, list } from '../../router/shared.js';

/** Price bounds, rankings and facts in Spanish. */
export const filters: Filters = {
  maximum: [
    'menos de',
    'menos que',
    'por debajo de',
    'debajo de',
    'como maximo',
    'maximo',
    'max',
    'hasta',
    'no mas de',
    'inferior a',
    'mas barato que',
  ],
  minimum: [
    'mas de',
    'mas que',
    'por encima de',
    'al menos',
    'como minimo',
    'minimo',
    'min',
    'superior a',
    'desde',
    'a partir de',
  ],
  maximumAfter: ['como maximo', 'maximo', 'max', 'como mucho'],
  minimumAfter: ['como minimo', 'minimo', 'al menos'],
  boundNegations: ['nada'],
  complements: ['para', 'dentro', 'sobre', 'bajo'],
  between: ['entre'],
  pluralInFilters: true,
  filterNegations: ['no', 'sin'],
  // "La que tiene más almacenamiento", "la pantalla más grande", "la de menor batería".
  fieldRanking: {
    more: ['mas', 'mayor', 'grande', 'grandes', 'largo', 'larga', 'maximo', 'maxima'],
    less: ['menos', 'menor', 'pequeno', 'pequena', 'corto', 'corta', 'minimo', 'minima'],
  },
  forHowMany: { before: ['para'], after: ['personas', 'persona', 'adultos'] },
  rankingInverts: ['menos'],
  lasting: {
    units: ['hora', 'horas', 'h', 'minuto', 'minutos', 'min', 'dia', 'dias'],
    verbs: ['dura', 'duran', 'durar', 'aguanta', 'aguantan', 'aguantar'],
  },
  rankingsExact: false,
  // Only comparatives and superlatives rank: "¿es ligera?" asks, it does not rank.
  rankings: [
    {
      words: ['mas barato', 'el mas barato', 'mas economico', 'precio mas bajo'],
      plain: ['barato', 'economico', 'asequible'],
      order: 'ascending',
      role: 'price',
      label: 'el más barato',
    },
    {
      words: ['mas caro', 'el mas caro'],
      plain: ['caro'],
      order: 'descending',
      role: 'price',
      label: 'el más caro',
    },
    {
      words: ['mas ligero', 'mas liviano'],
      plain: ['ligero', 'liviano'],
      order: 'ascending',
      role: 'weight',
      label: 'el más ligero',
    },
    {
      words: ['mas pesado'],
      plain: ['pesado'],
      order: 'descending',
      role: 'weight',
      label: 'el más pesado',
    },
    {
      words: ['mejor valorado', 'mejor', 'mejores', 'mas popular'],
      order: 'descending',
      role: 'rating',
      label: 'el mejor valorado',
    },
  ],
  rankingWords: new Set([
    ...inflect(
      ['barat', 'car', 'liger', 'livian', 'pesad', 'valorad', 'economic'],
      ['o', 'a', 'os', 'as'],
    ),
    ...list('mas menos mejor mejores asequible asequibles popular populares ultraligero'),
  ]),
  priceWords: list('precio euro euros dolar dolares cuesta cuestan pavos'),
  factWords: list('cuanto cuanta cuesta cuestan precio pesa pesan peso pesado pesada'),
  amountQuestions: list('cuanto cuanta cuantos cuantas'),
  roleNames: {
    price: ['precio', 'precios', 'cuesta', 'cuestan'],
    weight: ['peso', 'pesa', 'pesan', 'pesado', 'pesada', 'ligero', 'ligera'],
    rating: ['valoración', 'valoraciones', 'opiniones', 'estrellas', 'nota'],
    stock: ['stock', 'disponible', 'disponibles', 'existencias'],
    colour: ['color', 'colores', 'tono'],
    size: ['talla', 'tallas', 'tamaño', 'grande', 'pequeño', 'pequeña'],
    category: ['categoría', 'categorías'],
    brand: ['marca', 'marcas'],
  },
};
