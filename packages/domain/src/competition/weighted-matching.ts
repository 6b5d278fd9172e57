/**
 * Maximum-weight matching in a general graph: Edmonds' blossom algorithm with the primal-dual
 * method, O(n³), following Galil's survey ("Efficient Algorithms for Finding Maximum Matching in
 * Graphs", 1986) in the array layout of Joris van Rantwijk's reference implementation. Written
 * here (the domain package has no dependencies) and checked against brute force in the tests.
 *
 * Swiss pairing uses it to find the best pairing of a pool when the simple fold (highest against
 * lowest) would repeat a game: weights penalise rematches and pool floats, so a rematch is chosen
 * only when every perfect matching has one. Integer weights keep every computation exact (dual
 * variables are stored doubled); keep weights below 2^50.
 */

/** [vertex a, vertex b, weight]; vertices are 0..vertexCount-1, no self loops. */
export type WeightedEdge = readonly [number, number, number];

const NONE = -1;
const FREE = 0;
const S = 1;
const T = 2;
/** Temporary mark set by scanBlossom on the blossoms of the path it walks. */
const BREADCRUMB = 4;

function at<X>(list: readonly X[], index: number): X {
  return list[index < 0 ? list.length + index : index]!;
}

class BlossomMatcher {
  readonly n: number;
  readonly edgeCount: number;
  readonly endpoint: Int32Array;
  readonly weight: Float64Array;
  readonly neighbourEnds: number[][];
  readonly mate: Int32Array;
  readonly label: Int32Array;
  readonly labelEnd: Int32Array;
  readonly inBlossom: Int32Array;
  readonly blossomParent: Int32Array;
  readonly blossomChildren: (number[] | null)[];
  readonly blossomEnds: (number[] | null)[];
  readonly blossomBase: Int32Array;
  readonly bestEdge: Int32Array;
  readonly blossomBestEdges: (number[] | null)[];
  readonly unusedBlossoms: number[] = [];
  readonly dual: Float64Array;
  allowEdge: Uint8Array;
  queue: number[] = [];

  constructor(
    vertexCount: number,
    edges: readonly WeightedEdge[],
    readonly maxCardinality: boolean,
  ) {
    const n = vertexCount;
    this.n = n;
    this.edgeCount = edges.length;
    this.endpoint = new Int32Array(2 * edges.length);
    this.weight = new Float64Array(edges.length);
    this.neighbourEnds = Array.from({ length: n }, () => []);
    let maxWeight = 0;
    edges.forEach(([a, b, w], k) => {
      this.endpoint[2 * k] = a;
      this.endpoint[2 * k + 1] = b;
      this.weight[k] = w;
      this.neighbourEnds[a]!.push(2 * k + 1);
      this.neighbourEnds[b]!.push(2 * k);
      if (w > maxWeight) maxWeight = w;
    });
    this.mate = new Int32Array(n).fill(NONE);
    this.label = new Int32Array(2 * n);
    this.labelEnd = new Int32Array(2 * n).fill(NONE);
    this.inBlossom = Int32Array.from({ length: n }, (_, v) => v);
    this.blossomParent = new Int32Array(2 * n).fill(NONE);
    this.blossomChildren = new Array(2 * n).fill(null);
    this.blossomEnds = new Array(2 * n).fill(null);
    this.blossomBase = Int32Array.from({ length: 2 * n }, (_, b) => (b < n ? b : NONE));
    this.bestEdge = new Int32Array(2 * n).fill(NONE);
    this.blossomBestEdges = new Array(2 * n).fill(null);
    for (let b = n; b < 2 * n; b++) this.unusedBlossoms.push(b);
    this.dual = new Float64Array(2 * n);
    this.dual.fill(maxWeight, 0, n);
    this.allowEdge = new Uint8Array(edges.length);
  }

  slack(k: number): number {
    return this.dual[this.endpoint[2 * k]!]! + this.dual[this.endpoint[2 * k + 1]!]! - 2 * this.weight[k]!;
  }

  leaves(b: number, out: number[] = []): number[] {
    if (b < this.n) {
      out.push(b);
      return out;
    }
    for (const child of this.blossomChildren[b]!) this.leaves(child, out);
    return out;
  }

  assignLabel(w: number, t: number, p: number): void {
    const b = this.inBlossom[w]!;
    this.label[w] = this.label[b] = t;
    this.labelEnd[w] = this.labelEnd[b] = p;
    this.bestEdge[w] = this.bestEdge[b] = NONE;
    if (t === S) {
      this.leaves(b, this.queue);
    } else {
      const base = this.blossomBase[b]!;
      const mateEnd = this.mate[base]!;
      this.assignLabel(this.endpoint[mateEnd]!, S, mateEnd ^ 1);
    }
  }

  /** Walks up from v and w; returns the base of a new blossom, or NONE for an augmenting path. */
  scanBlossom(vStart: number, wStart: number): number {
    const path: number[] = [];
    let base = NONE;
    let v = vStart;
    let w = wStart;
    while (v !== NONE || w !== NONE) {
      let b = this.inBlossom[v]!;
      if (this.label[b]! & BREADCRUMB) {
        base = this.blossomBase[b]!;
        break;
      }
      path.push(b);
      this.label[b] = BREADCRUMB | S;
      if (this.labelEnd[b] === NONE) {
        v = NONE;
      } else {
        v = this.endpoint[this.labelEnd[b]!]!;
        b = this.inBlossom[v]!;
        v = this.endpoint[this.labelEnd[b]!]!;
      }
      if (w !== NONE) [v, w] = [w, v];
    }
    for (const b of path) this.label[b] = S;
    return base;
  }

  addBlossom(base: number, k: number): void {
    let v = this.endpoint[2 * k]!;
    let w = this.endpoint[2 * k + 1]!;
    const bb = this.inBlossom[base]!;
    let bv = this.inBlossom[v]!;
    let bw = this.inBlossom[w]!;
    const b = this.unusedBlossoms.pop()!;
    this.blossomBase[b] = base;
    this.blossomParent[b] = NONE;
    this.blossomParent[bb] = b;
    const path: number[] = [];
    const ends: number[] = [];
    while (bv !== bb) {
      this.blossomParent[bv] = b;
      path.push(bv);
      ends.push(this.labelEnd[bv]!);
      v = this.endpoint[this.labelEnd[bv]!]!;
      bv = this.inBlossom[v]!;
    }
    path.push(bb);
    path.reverse();
    ends.reverse();
    ends.push(2 * k);
    while (bw !== bb) {
      this.blossomParent[bw] = b;
      path.push(bw);
      ends.push(this.labelEnd[bw]! ^ 1);
      w = this.endpoint[this.labelEnd[bw]!]!;
      bw = this.inBlossom[w]!;
    }
    this.blossomChildren[b] = path;
    this.blossomEnds[b] = ends;
    this.label[b] = S;
    this.labelEnd[b] = this.labelEnd[bb]!;
    this.dual[b] = 0;
    for (const leaf of this.leaves(b)) {
      if (this.label[this.inBlossom[leaf]!] === T) this.queue.push(leaf);
      this.inBlossom[leaf] = b;
    }
    this.computeBlossomBestEdges(b, path);
  }

  /** Least-slack edge from the new blossom b to each neighbouring S-blossom (for delta 3). */
  computeBlossomBestEdges(b: number, path: readonly number[]): void {
    const bestTo = new Int32Array(2 * this.n).fill(NONE);
    const consider = (k: number) => {
      let j = this.endpoint[2 * k + 1]!;
      if (this.inBlossom[j] === b) j = this.endpoint[2 * k]!;
      const bj = this.inBlossom[j]!;
      if (
        bj !== b &&
        this.label[bj] === S &&
        (bestTo[bj] === NONE || this.slack(k) < this.slack(bestTo[bj]!))
      )
        bestTo[bj] = k;
    };
    for (const child of path) {
      const own = this.blossomBestEdges[child];
      if (own) for (const k of own) consider(k);
      else for (const leaf of this.leaves(child)) for (const p of this.neighbourEnds[leaf]!) consider(p >> 1);
      this.blossomBestEdges[child] = null;
      this.bestEdge[child] = NONE;
    }
    const best: number[] = [];
    for (const k of bestTo) if (k !== NONE) best.push(k);
    this.blossomBestEdges[b] = best;
    this.bestEdge[b] = NONE;
    for (const k of best) {
      if (this.bestEdge[b] === NONE || this.slack(k) < this.slack(this.bestEdge[b]!)) this.bestEdge[b] = k;
    }
  }

  expandBlossom(b: number, endStage: boolean): void {
    for (const s of this.blossomChildren[b]!) {
      this.blossomParent[s] = NONE;
      if (s < this.n) this.inBlossom[s] = s;
      else if (endStage && this.dual[s] === 0) this.expandBlossom(s, endStage);
      else for (const leaf of this.leaves(s)) this.inBlossom[leaf] = s;
    }
    if (!endStage && this.label[b] === T) this.relabelExpandedT(b);
    this.label[b] = this.labelEnd[b] = NONE;
    this.blossomChildren[b] = this.blossomEnds[b] = null;
    this.blossomBase[b] = NONE;
    this.blossomBestEdges[b] = null;
    this.bestEdge[b] = NONE;
    this.unusedBlossoms.push(b);
  }

  /** A T-blossom expanded mid-stage: relabel the even-length path from its entry to its base. */
  relabelExpandedT(b: number): void {
    const children = this.blossomChildren[b]!;
    const ends = this.blossomEnds[b]!;
    const entryChild = this.inBlossom[this.endpoint[this.labelEnd[b]! ^ 1]!]!;
    let j = children.indexOf(entryChild);
    let step: number;
    let trick: number;
    if (j & 1) {
      j -= children.length;
      step = 1;
      trick = 0;
    } else {
      step = -1;
      trick = 1;
    }
    let p = this.labelEnd[b]!;
    while (j !== 0) {
      this.label[this.endpoint[p ^ 1]!] = FREE;
      this.label[this.endpoint[at(ends, j - trick) ^ trick ^ 1]!] = FREE;
      this.assignLabel(this.endpoint[p ^ 1]!, T, p);
      this.allowEdge[at(ends, j - trick) >> 1] = 1;
      j += step;
      p = at(ends, j - trick) ^ trick;
      this.allowEdge[p >> 1] = 1;
      j += step;
    }
    let bv = at(children, j);
    this.label[this.endpoint[p ^ 1]!] = this.label[bv] = T;
    this.labelEnd[this.endpoint[p ^ 1]!] = this.labelEnd[bv] = p;
    this.bestEdge[bv] = NONE;
    j += step;
    while (at(children, j) !== entryChild) {
      bv = at(children, j);
      j += step;
      if (this.label[bv] === S) continue;
      const reached = this.leaves(bv).find((leaf) => this.label[leaf] !== FREE);
      if (reached !== undefined) {
        this.label[reached] = FREE;
        this.label[this.endpoint[this.mate[this.blossomBase[bv]!]!]!] = FREE;
        this.assignLabel(reached, T, this.labelEnd[reached]!);
      }
    }
  }

  augmentBlossom(b: number, v: number): void {
    let t = v;
    while (this.blossomParent[t] !== b) t = this.blossomParent[t]!;
    if (t >= this.n) this.augmentBlossom(t, v);
    const children = this.blossomChildren[b]!;
    const ends = this.blossomEnds[b]!;
    const i = children.indexOf(t);
    let j = i;
    let step: number;
    let trick: number;
    if (i & 1) {
      j -= children.length;
      step = 1;
      trick = 0;
    } else {
      step = -1;
      trick = 1;
    }
    while (j !== 0) {
      j += step;
      t = at(children, j);
      const p = at(ends, j - trick) ^ trick;
      if (t >= this.n) this.augmentBlossom(t, this.endpoint[p]!);
      j += step;
      t = at(children, j);
      if (t >= this.n) this.augmentBlossom(t, this.endpoint[p ^ 1]!);
      this.mate[this.endpoint[p]!] = p ^ 1;
      this.mate[this.endpoint[p ^ 1]!] = p;
    }
    this.blossomChildren[b] = [...children.slice(i), ...children.slice(0, i)];
    this.blossomEnds[b] = [...ends.slice(i), ...ends.slice(0, i)];
    this.blossomBase[b] = this.blossomBase[this.blossomChildren[b]![0]!]!;
  }

  augmentMatching(k: number): void {
    const starts: [number, number][] = [
      [this.endpoint[2 * k]!, 2 * k + 1],
      [this.endpoint[2 * k + 1]!, 2 * k],
    ];
    for (let [s, p] of starts) {
      for (;;) {
        const bs = this.inBlossom[s]!;
        if (bs >= this.n) this.augmentBlossom(bs, s);
        this.mate[s] = p;
        if (this.labelEnd[bs] === NONE) break;
        const bt = this.inBlossom[this.endpoint[this.labelEnd[bs]!]!]!;
        s = this.endpoint[this.labelEnd[bt]!]!;
        const j = this.endpoint[this.labelEnd[bt]! ^ 1]!;
        if (bt >= this.n) this.augmentBlossom(bt, j);
        this.mate[j] = this.labelEnd[bt]!;
        p = this.labelEnd[bt]! ^ 1;
      }
    }
  }

  /** Grows the alternating trees from the queue; true once the matching was augmented. */
  scanQueue(): boolean {
    while (this.queue.length > 0) {
      const v = this.queue.pop()!;
      for (const p of this.neighbourEnds[v]!) {
        const k = p >> 1;
        const w = this.endpoint[p]!;
        if (this.inBlossom[v] === this.inBlossom[w]) continue;
        let kSlack = 0;
        if (!this.allowEdge[k]) {
          kSlack = this.slack(k);
          if (kSlack <= 0) this.allowEdge[k] = 1;
        }
        const wLabel = this.label[this.inBlossom[w]!]!;
        if (this.allowEdge[k]) {
          if (wLabel === FREE) this.assignLabel(w, T, p ^ 1);
          else if (wLabel === S) {
            const base = this.scanBlossom(v, w);
            if (base >= 0) this.addBlossom(base, k);
            else {
              this.augmentMatching(k);
              return true;
            }
          } else if (this.label[w] === FREE) {
            this.label[w] = T;
            this.labelEnd[w] = p ^ 1;
          }
        } else if (wLabel === S) {
          const b = this.inBlossom[v]!;
          if (this.bestEdge[b] === NONE || kSlack < this.slack(this.bestEdge[b]!)) this.bestEdge[b] = k;
        } else if (this.label[w] === FREE) {
          if (this.bestEdge[w] === NONE || kSlack < this.slack(this.bestEdge[w]!)) this.bestEdge[w] = k;
        }
      }
    }
    return false;
  }

  minVertexDual(): number {
    let min = Number.POSITIVE_INFINITY;
    for (let v = 0; v < this.n; v++) min = Math.min(min, this.dual[v]!);
    return min;
  }

  /** Picks the dual change (types 1-4 of the method); returns [type, delta, edge or blossom]. */
  chooseDelta(): [number, number, number] {
    let type = NONE;
    let delta = 0;
    let target = NONE;
    if (!this.maxCardinality) {
      type = 1;
      delta = this.minVertexDual();
    }
    for (let v = 0; v < this.n; v++) {
      if (this.label[this.inBlossom[v]!] === FREE && this.bestEdge[v] !== NONE) {
        const d = this.slack(this.bestEdge[v]!);
        if (type === NONE || d < delta) [type, delta, target] = [2, d, this.bestEdge[v]!];
      }
    }
    for (let b = 0; b < 2 * this.n; b++) {
      if (this.blossomParent[b] === NONE && this.label[b] === S && this.bestEdge[b] !== NONE) {
        const d = this.slack(this.bestEdge[b]!) / 2;
        if (type === NONE || d < delta) [type, delta, target] = [3, d, this.bestEdge[b]!];
      }
    }
    for (let b = this.n; b < 2 * this.n; b++) {
      const topT = this.blossomBase[b]! >= 0 && this.blossomParent[b] === NONE && this.label[b] === T;
      if (topT && (type === NONE || this.dual[b]! < delta)) [type, delta, target] = [4, this.dual[b]!, b];
    }
    if (type === NONE) [type, delta] = [1, Math.max(0, this.minVertexDual())];
    return [type, delta, target];
  }

  applyDelta(delta: number): void {
    for (let v = 0; v < this.n; v++) {
      const l = this.label[this.inBlossom[v]!];
      if (l === S) this.dual[v] = this.dual[v]! - delta;
      else if (l === T) this.dual[v] = this.dual[v]! + delta;
    }
    for (let b = this.n; b < 2 * this.n; b++) {
      if (this.blossomBase[b]! >= 0 && this.blossomParent[b] === NONE) {
        if (this.label[b] === S) this.dual[b] = this.dual[b]! + delta;
        else if (this.label[b] === T) this.dual[b] = this.dual[b]! - delta;
      }
    }
  }

  /** One stage: true when an augmenting path was found. */
  stage(): boolean {
    this.label.fill(FREE);
    this.bestEdge.fill(NONE);
    this.blossomBestEdges.fill(null, this.n);
    this.allowEdge.fill(0);
    this.queue = [];
    for (let v = 0; v < this.n; v++) {
      if (this.mate[v] === NONE && this.label[this.inBlossom[v]!] === FREE) this.assignLabel(v, S, NONE);
    }
    for (;;) {
      if (this.scanQueue()) return true;
      const [type, delta, target] = this.chooseDelta();
      this.applyDelta(delta);
      if (type === 1) return false;
      if (type === 2 || type === 3) {
        this.allowEdge[target] = 1;
        let i = this.endpoint[2 * target]!;
        if (type === 2 && this.label[this.inBlossom[i]!] === FREE) i = this.endpoint[2 * target + 1]!;
        this.queue.push(i);
      } else {
        this.expandBlossom(target, false);
      }
    }
  }

  run(): Int32Array {
    for (let t = 0; t < this.n; t++) {
      if (!this.stage()) break;
      for (let b = this.n; b < 2 * this.n; b++) {
        const expandable = this.blossomParent[b] === NONE && this.blossomBase[b]! >= 0;
        if (expandable && this.label[b] === S && this.dual[b] === 0) this.expandBlossom(b, true);
      }
    }
    const partner = new Int32Array(this.n).fill(NONE);
    for (let v = 0; v < this.n; v++) if (this.mate[v]! >= 0) partner[v] = this.endpoint[this.mate[v]!]!;
    return partner;
  }
}

/**
 * Maximum-weight matching; with `maxCardinality`, the maximum-weight one among the matchings of
 * maximum size. Returns each vertex's partner, or -1 when unmatched.
 */
export function maxWeightMatching(
  vertexCount: number,
  edges: readonly WeightedEdge[],
  maxCardinality = false,
): Int32Array {
  if (vertexCount === 0) return new Int32Array(0);
  return new BlossomMatcher(vertexCount, edges, maxCardinality).run();
}
