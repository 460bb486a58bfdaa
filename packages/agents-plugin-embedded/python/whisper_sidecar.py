#!/usr/bin/env python3
"""Offline speech-to-text sidecar: one faster-whisper (CTranslate2) model loaded once, one
utterance per request, over stdin/stdout as JSON lines.

Usage:
  python sidecar.py --model /path/to/ct2-model-folder [--threads 2] [--compute-type int8]
                    [--beam-size 1] [--language en] [--initial-prompt TEXT] [--hotwords TEXT]
                    [--lexicons DIR] [--no-warmup]

Protocol (UTF-8, one JSON object per line, both directions):
  startup   -> {"type":"ready","model":...,"load_ms":..,"warmup_ms":..,"rss_mb":..,
                "multilingual":..,"version":{...}}
               (or {"type":"fatal","error":...} and exit code 2 if the model cannot be loaded)
  request   <- {"id": <any JSON value>, "audio": "<base64 of 16 kHz mono s16le PCM>",
                "initial_prompt"?: str, "hotwords"?: str, "language"?: "en",
                "options"?: {"beam_size":1, "without_timestamps":true, "vad_filter":false,
                             "temperature":0.0, ...}}
               "sample_rate" may be given; only 16000 is accepted.
  answer    -> {"id":..., "text":"...", "ms":<decode wall ms>, "audio_ms":<audio length ms>,
                "language":"en", "segments":n, "known"?: 0..1, "last_word_p"?: 0..1,
                "other_words_p"?: 0..1}
  error     -> {"id":<id or null>, "error":"..."}   (the process goes on)
  control   <- {"id":..., "type":"info"} -> {"id":..., "type":"info", "rss_mb":.., "hwm_mb":..,
                "requests":<decoded>, "cancelled":<cancelled>, "threads":n, "defaults":{...},
                "lexicons":{"fr": <word forms>, ...}}
  cancel    <- {"type":"cancel","id":<a request's id>}: that request is answered
               {"id":..., "cancelled":true} without its decoding, or without the part of it not
               yet begun (the encoder's pass and the beam search are each done whole); no answer
               of its own. A cancel of a request already answered is ignored.
With "rescore_unknown" and "rescore_shop" among the options, a beam search's hypotheses are
ranked by the words of the request's language (`<lexicons>/<language>.npy`, see hypotheses.py)
and of its prompt; without a dictionary of the language the recognizer's choice stands. A ranked
request's answer also carries "known": the share of the transcript's words the dictionary or
the prompt knows (1 for no words), which tells a misheard utterance ("Welchhoch, Zeighabenzieh")
from a request.
With "word_probabilities": true among the options, the answer of a non-empty transcript also
carries "last_word_p": how sure the model is of its last word, and "other_words_p": of the words
before it, on average (see word_probabilities): a last word the model doubts more than the rest
tells a visitor pausing mid-sentence from one who finished.
With "bare_too": true and a prompt, the utterance is also decoded without the prompt (beside the
prompted decoding when the process has two workers, `--workers 2`) and the answer carries
"bare_text".
Requests are handled one at a time, in order. stdout carries nothing but these lines: anything
a library prints (Python or C level) is redirected to stderr. The process exits 0 when stdin
closes (after answering what it already read), on SIGTERM/SIGINT too.
"""
from __future__ import annotations

import argparse
import base64
import binascii
import json
import os
import queue
import signal
import sys
import threading
import time
from types import SimpleNamespace

# ---- keep stdout for answers only ------------------------------------------------------------
# Duplicate the real stdout, then point fd 1 (and sys.stdout) at stderr, so stray prints from
# Python or native libraries (CTranslate2, onnxruntime, tqdm) can never corrupt the protocol.
_ANSWERS = os.fdopen(os.dup(1), "w", buffering=1, encoding="utf-8")
os.dup2(2, 1)
sys.stdout = sys.stderr

SAMPLE_RATE = 16000
# Decode options a request may override, with their types.
OPTION_TYPES = {
    "beam_size": int, "best_of": int, "patience": float, "length_penalty": float,
    "repetition_penalty": float, "no_repeat_ngram_size": int, "temperature": (float, list),
    "compression_ratio_threshold": (float, type(None)), "log_prob_threshold": (float, type(None)),
    "no_speech_threshold": (float, type(None)), "without_timestamps": bool,
    "vad_filter": bool, "vad_parameters": dict, "suppress_blank": bool,
    "max_new_tokens": (int, type(None)), "condition_on_previous_text": bool,
    # Not a faster-whisper option: the encoder window in seconds (see set_window).
    "window_s": (float, type(None)),
    # Not a faster-whisper option: max_new_tokens = 10 + max_tokens_per_s * audio seconds, a
    # bound on a decoding loop's cost ("what's in my cart? what's in my cart? ...").
    "max_tokens_per_s": (float, type(None)),
    # Not faster-whisper options: the beam's hypotheses ranked (see RankingModel): what a word
    # no dictionary of the language knows costs, and what a word of the prompt earns.
    "rescore_unknown": (float, type(None)),
    "rescore_shop": (float, type(None)),
    # Not a faster-whisper option: the answer says how sure the model is of the last word and of
    # the others ("last_word_p", "other_words_p", see word_probabilities).
    "word_probabilities": bool,
    # Not a faster-whisper option: the utterance is also decoded without the prompt, beside the
    # prompted decoding on a second worker of the model, and the answer carries "bare_text".
    "bare_too": bool,
}
MAX_AUDIO_SECONDS = 30 * 4  # refuse absurd requests (a voice-agent turn is seconds long)


# Whisper's 448 tokens, less the longest prompt faster-whisper keeps (223) and its start tokens.
MAX_NEW_TOKENS = 200


def send(obj: dict) -> None:
    _ANSWERS.write(json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n")
    _ANSWERS.flush()


def log(*parts) -> None:
    print("[sidecar]", *parts, file=sys.stderr, flush=True)


def rss_mb() -> tuple[float, float]:
    """(VmRSS, VmHWM) of this process in MB."""
    rss = hwm = float("nan")
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    rss = int(line.split()[1]) / 1024
                elif line.startswith("VmHWM:"):
                    hwm = int(line.split()[1]) / 1024
    except OSError:
        pass
    return round(rss, 1), round(hwm, 1)


def coerce(value, expected):
    """JSON has one number type: accept 1 where a float is expected."""
    wants_float = expected is float or (isinstance(expected, tuple) and float in expected)
    if wants_float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    return value


def parse_options(raw) -> dict:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise ValueError("options must be an object")
    options = {}
    for key, value in raw.items():
        if key not in OPTION_TYPES:
            raise ValueError(f"unknown option {key!r}")
        expected = OPTION_TYPES[key]
        value = coerce(value, expected)
        if isinstance(value, list):
            value = [coerce(v, float) for v in value]
            if not value or not all(isinstance(v, float) for v in value):
                raise ValueError(f"option {key!r} must be a number or a list of numbers")
        if not isinstance(value, expected) or isinstance(value, bool) and expected is not bool:
            raise ValueError(f"option {key!r} has the wrong type")
        options[key] = tuple(value) if isinstance(value, list) else value
    return options


# ---- shorter encoder window ----------------------------------------------------------------
# faster-whisper pads every segment's features to 3000 frames (30 s) before the encoder, so a
# 2 s utterance costs as much encoder time as 30 s of speech. CTranslate2's Whisper encoder takes
# shorter inputs (its positional embedding is sliced), at a cost in accuracy to be measured.
# window_s = W pads to max(W, audio + 1 s), rounded up to 0.5 s, at most 30 s; None keeps 30 s.
_WINDOW = {"frames": None}


def install_window_patch() -> None:
    import faster_whisper.transcribe as fwt

    original = fwt.pad_or_trim

    def pad_or_trim(array, length: int = 3000, *, axis: int = -1):
        if _WINDOW["frames"] and length == 3000:
            length = _WINDOW["frames"]
        return original(array, length, axis=axis)

    fwt.pad_or_trim = pad_or_trim


def set_window(window_s, samples: int) -> None:
    if window_s is None or window_s >= 30:
        _WINDOW["frames"] = None
        return
    frames = max(window_s * 100, samples / 160 + 100)
    frames = int(-(-frames // 50) * 50)
    _WINDOW["frames"] = None if frames >= 3000 else frames


# ---- cancelled requests ------------------------------------------------------------------------
# An early transcription the visitor talked over is of no use: its client cancels it. A reader
# thread takes the cancels as they come (CTranslate2 releases the GIL while it computes), and the
# decoding stops at its next step boundary: before the encoder's pass, or before the beam search,
# which is most of a multilingual decoding's time.
_CANCELS: set = set()
_CURRENT: dict = {"key": None}
# Requests read and not yet answered, by key: a cancel counts only for one of them.
_UNANSWERED: dict = {}
_LOCK = threading.Lock()


class Cancelled(Exception):
    """The request being decoded was cancelled by its client."""


def request_key(request_id) -> str:
    return json.dumps(request_id, sort_keys=True)


def check_cancelled() -> None:
    key = _CURRENT["key"]
    if key is not None and key in _CANCELS:
        raise Cancelled()


# ---- the beam's hypotheses ranked by words ----------------------------------------------------
# faster-whisper keeps the first of the beam's hypotheses. While a request asks for ranking, the
# model's `generate` asks CTranslate2 for every hypothesis of the beam (no extra decoding: the beam
# holds them) and hands faster-whisper the one `hypotheses.rank` prefers, with its own score.
_RANKING: dict = {"on": None}
# Set in the thread of a bare decoding beside the prompted one (see `bare_too`): never ranked.
_BARE = threading.local()


def _per_thread(name: str) -> property:
    """An attribute of a RankingModel kept per thread (in its `_local`), None until set."""
    return property(lambda self: getattr(self._local, name, None),
                    lambda self, value: setattr(self._local, name, value))


class RankingModel:
    """A CTranslate2 Whisper model whose beam search returns the best-ranked hypothesis."""

    def __init__(self, model, decode):
        self._model = model
        self._decode = decode
        # What the word probabilities read again (the last window and prompt), per thread: a
        # bare decoding beside the prompted one must not overwrite the prompted one's.
        self._local = threading.local()

    def __getattr__(self, name):
        return getattr(self._model, name)

    last_encoded = _per_thread("encoded")
    last_prompt = _per_thread("prompt")

    def encode(self, features, **kwargs):
        check_cancelled()
        encoded = self._model.encode(features, **kwargs)
        # The last window's encoding, which the last word's probability is read from.
        self.last_encoded = (encoded, features.shape[-1])
        return encoded

    def generate(self, features, prompts, **kwargs):
        check_cancelled()
        # The decoding's prompt (the scenario's words, the language), which the words'
        # probabilities are read again under.
        self.last_prompt = list(prompts[0]) if len(prompts) == 1 else None
        # Only the request's own (prompted) decoding is ranked, not a bare one beside it.
        ranking = None if getattr(_BARE, "decoding", False) else _RANKING["on"]
        beam = kwargs.get("beam_size", 1)
        if ranking is None or beam < 2 or len(prompts) != 1 or "num_hypotheses" in kwargs:
            return self._model.generate(features, prompts, **kwargs)
        from hypotheses import rank

        result = self._model.generate(features, prompts, num_hypotheses=beam, **kwargs)[0]
        texts = [(self._decode(ids), score)
                 for ids, score in zip(result.sequences_ids, result.scores)]
        best = rank(texts, *ranking) if texts else 0
        if best == 0:
            return [result]
        return [SimpleNamespace(sequences_ids=[result.sequences_ids[best]],
                                scores=[result.scores[best]],
                                no_speech_prob=result.no_speech_prob)]


def word_probabilities(model, tokenizer, segment, audio_samples) -> list[float]:
    """How sure the model is of each word of a segment, 0..1: the mean probability of the word's
    tokens when the decoded text is read again against the audio of its window (CTranslate2's
    forced alignment, the pass faster-whisper's word timestamps make, here under the decoding's
    own prompt: the scenario's words, no timestamps). Punctuation alone is not a word.

    A visitor who pauses mid-sentence often stops on a word said short or weak ("and", "for", a
    word cut by the pause), which Whisper drops or guesses at and then closes with a full stop:
    "I would like to order the head lamp." for "... the headlamp and". The text then reads as
    finished; the model's doubt about its last word, next to its trust in the others, is what says
    it may not be.
    """
    encoded = getattr(model.model, "last_encoded", None)
    start = getattr(model.model, "last_prompt", None)
    tokens = [token for token in segment.tokens if token < tokenizer.eot]
    if encoded is None or not start or not tokens:
        return []
    import numpy as np

    output, frames = encoded
    result = model.model.align(output, start, [tokens],
                               max(1, min(frames, audio_samples // 160)))[0]
    probabilities = list(result.text_token_probs)
    words, word_tokens = tokenizer.split_to_word_tokens(tokens + [tokenizer.eot])
    bounds = np.cumsum([0] + [len(word) for word in word_tokens])
    return [round(float(np.mean(probabilities[bounds[index]:bounds[index + 1]])), 3)
            for index, word in enumerate(words)
            if any(character.isalnum() for character in word)
            and bounds[index + 1] > bounds[index] and bounds[index + 1] <= len(probabilities)]


class Lexicons:
    """The languages' dictionaries in a folder, each loaded when first asked for."""

    def __init__(self, folder):
        self._folder = folder
        self._loaded = {}

    def get(self, language):
        if not self._folder or not language:
            return None
        if language not in self._loaded:
            path = os.path.join(self._folder, f"{language}.npy")
            lexicon = None
            if os.path.exists(path):
                from hypotheses import Lexicon

                try:
                    lexicon = Lexicon.load(path)
                except Exception as exc:  # noqa: BLE001 - the recognizer's choice then stands
                    log(f"dictionary {path} unreadable:", exc)
            self._loaded[language] = lexicon
        return self._loaded[language]

    def sizes(self):
        return {language: len(lexicon) for language, lexicon in self._loaded.items() if lexicon}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", required=True, help="CTranslate2 Whisper model folder")
    parser.add_argument("--threads", type=int, default=2, help="cpu_threads (intra-op)")
    parser.add_argument("--compute-type", default="int8")
    parser.add_argument("--beam-size", type=int, default=1)
    parser.add_argument("--language", default=None,
                        help="default language (multilingual models; 'en' avoids detection)")
    parser.add_argument("--initial-prompt", default=None, help="default domain prompt")
    parser.add_argument("--hotwords", default=None, help="default hotwords")
    parser.add_argument("--window-s", type=float, default=None,
                        help="default encoder window in s (default: 30 s, faster-whisper's)")
    parser.add_argument("--lexicons", default=None,
                        help="folder of the languages' dictionaries (<language>.npy)")
    parser.add_argument("--workers", type=int, default=1,
                        help="decodings at once (2 lets a bare decoding run beside the prompted)")
    parser.add_argument("--no-warmup", action="store_true")
    args = parser.parse_args()

    def on_signal(_signum, _frame):
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)

    started = time.perf_counter()
    try:
        import ctranslate2
        import faster_whisper
        import numpy as np
        from faster_whisper import WhisperModel

        install_window_patch()
        model = WhisperModel(args.model, device="cpu", compute_type=args.compute_type,
                             cpu_threads=args.threads, num_workers=args.workers,
                             local_files_only=True)
        end_of_text = model.hf_tokenizer.token_to_id("<|endoftext|>")
        model.model = RankingModel(
            model.model,
            lambda ids: model.hf_tokenizer.decode([i for i in ids if i < end_of_text]).strip())
    except Exception as exc:  # noqa: BLE001 - reported to the client, then exit
        send({"type": "fatal", "error": f"{type(exc).__name__}: {exc}"})
        return 2
    load_ms = (time.perf_counter() - started) * 1000
    multilingual = bool(model.model.is_multilingual)
    default_language = args.language or (None if multilingual else "en")
    defaults = {
        "beam_size": args.beam_size,
        "without_timestamps": True,
        "vad_filter": False,
        "temperature": 0.0,
        "condition_on_previous_text": False,
        "window_s": args.window_s,
        "max_tokens_per_s": None,
        "rescore_unknown": None,
        "rescore_shop": None,
    }
    lexicons = Lexicons(args.lexicons)

    def transcribe(pcm, language, initial_prompt, hotwords, options):
        kwargs = dict(defaults)
        kwargs.update(options)
        set_window(kwargs.pop("window_s", None), pcm.size)
        unknown = kwargs.pop("rescore_unknown", None)
        bonus = kwargs.pop("rescore_shop", None)
        lexicon = lexicons.get(language) if unknown is not None else None
        shop = None
        if lexicon is not None:
            from hypotheses import shop_words

            shop = shop_words(initial_prompt)
            _RANKING["on"] = (lexicon, shop, unknown, bonus or 0.0)
        wants_words = kwargs.pop("word_probabilities", False)
        bare_too = kwargs.pop("bare_too", False)
        per_s = kwargs.pop("max_tokens_per_s", None)
        if per_s and kwargs.get("max_new_tokens") is None:
            # The prompt (at most half of the model's 448 tokens, as faster-whisper cuts it) and
            # the new tokens must fit the model together: a long utterance would otherwise fail.
            kwargs["max_new_tokens"] = min(MAX_NEW_TOKENS, int(10 + per_s * pcm.size / SAMPLE_RATE))
        bare = {}
        bare_thread = None
        if bare_too and (initial_prompt or hotwords):
            # The same utterance without the prompt, on the model's second worker while the first
            # decodes it with the prompt (CTranslate2 releases the GIL): the prompt's words sway
            # Whisper into writing them into speech that holds none (a caller keeps the prompted
            # words only where they are the prompt's, see WhisperSTT). Without ranking.
            bare_kwargs = dict(kwargs)

            def decode_bare():
                _BARE.decoding = True
                try:
                    found, _ = model.transcribe(pcm, language=language, **bare_kwargs)
                    bare["text"] = "".join(segment.text for segment in found).strip()
                except Exception:  # noqa: BLE001 - the prompted decoding answers without it
                    pass

            bare_thread = threading.Thread(target=decode_bare, daemon=True)
            bare_thread.start()
        try:
            segments, info = model.transcribe(
                pcm, language=language, initial_prompt=initial_prompt or None,
                hotwords=hotwords or None, **kwargs)
            segments = list(segments)  # the generator does the decoding
        finally:
            _RANKING["on"] = None
            if bare_thread is not None:
                bare_thread.join()
        text = "".join(segment.text for segment in segments).strip()
        share = None
        if lexicon is not None:
            from hypotheses import known_share

            share = round(known_share(text, lexicon, shop), 3)
        sureness = {}
        if wants_words and text:
            from faster_whisper.tokenizer import Tokenizer

            tokenizer = Tokenizer(model.hf_tokenizer, multilingual, task="transcribe",
                                  language=info.language if multilingual else None)
            words = word_probabilities(model, tokenizer, segments[-1], pcm.size)
            if words:
                sureness["last_word_p"] = words[-1]
            if len(words) > 1:
                sureness["other_words_p"] = round(sum(words[:-1]) / (len(words) - 1), 3)
        if "text" in bare:
            sureness["bare_text"] = bare["text"]
        return text, info.language, len(segments), share, sureness

    warmup_ms = 0.0
    if not args.no_warmup:
        t0 = time.perf_counter()
        try:
            transcribe(np.zeros(SAMPLE_RATE, dtype=np.float32), default_language or "en",
                       None, None, {})
        except Exception as exc:  # noqa: BLE001
            log("warm-up failed:", exc)
        warmup_ms = (time.perf_counter() - t0) * 1000
    rss, hwm = rss_mb()
    send({"type": "ready", "model": os.path.abspath(args.model), "load_ms": round(load_ms, 1),
          "warmup_ms": round(warmup_ms, 1), "rss_mb": rss, "hwm_mb": hwm,
          "multilingual": multilingual, "threads": args.threads,
          "compute_type": args.compute_type,
          "version": {"faster_whisper": faster_whisper.__version__,
                      "ctranslate2": ctranslate2.__version__}})

    lines: queue.Queue = queue.Queue()

    def read_requests():
        for raw in sys.stdin.buffer:
            raw = raw.strip()
            if not raw:
                continue
            try:
                message = json.loads(raw)
            except (ValueError, UnicodeDecodeError):
                message = None
            if isinstance(message, dict) and message.get("type") == "cancel":
                key = request_key(message.get("id"))
                with _LOCK:
                    if key in _UNANSWERED:
                        _CANCELS.add(key)
                continue
            if isinstance(message, dict):
                key = request_key(message.get("id"))
                with _LOCK:
                    _UNANSWERED[key] = _UNANSWERED.get(key, 0) + 1
            lines.put((raw, message))
        lines.put(None)

    threading.Thread(target=read_requests, name="requests", daemon=True).start()

    requests = 0
    cancelled = 0
    while (read := lines.get()) is not None:
        line, request = read
        request_id = None
        _CURRENT["key"] = None
        try:
            if request is None:
                try:
                    json.loads(line)
                except (ValueError, UnicodeDecodeError) as exc:
                    raise ValueError(f"bad JSON: {exc}") from None
            if not isinstance(request, dict):
                raise ValueError("a request must be a JSON object")
            request_id = request.get("id")
            _CURRENT["key"] = request_key(request_id)
            if request.get("type") == "info":
                rss, hwm = rss_mb()
                send({"id": request_id, "type": "info", "rss_mb": rss, "hwm_mb": hwm,
                      "requests": requests, "cancelled": cancelled, "threads": args.threads,
                      "defaults": defaults,
                      "lexicons": lexicons.sizes(),
                      "initial_prompt": args.initial_prompt, "hotwords": args.hotwords})
                continue
            if request.get("sample_rate", SAMPLE_RATE) != SAMPLE_RATE:
                raise ValueError("audio must be 16000 Hz mono s16le")
            audio = request.get("audio")
            if not isinstance(audio, str):
                raise ValueError("missing 'audio' (base64 of 16 kHz mono s16le PCM)")
            try:
                data = base64.b64decode(audio, validate=True)
            except (binascii.Error, ValueError):
                raise ValueError("'audio' is not valid base64") from None
            if len(data) % 2:
                raise ValueError("odd number of PCM bytes (expected s16le)")
            if len(data) > MAX_AUDIO_SECONDS * SAMPLE_RATE * 2:
                raise ValueError(f"audio longer than {MAX_AUDIO_SECONDS} s")
            options = parse_options(request.get("options"))
            language = request.get("language") or default_language
            if language is not None and not isinstance(language, str):
                raise ValueError("language must be a string")
            language = language.split("-")[0].lower() if language else None
            if language and not multilingual and language != "en":
                raise ValueError(f"this model is English-only; got language {language!r}")
            prompt = request.get("initial_prompt", args.initial_prompt)
            hotwords = request.get("hotwords", args.hotwords)
            for name, value in (("initial_prompt", prompt), ("hotwords", hotwords)):
                if value is not None and not isinstance(value, str):
                    raise ValueError(f"{name} must be a string")
            pcm = np.frombuffer(data, dtype="<i2").astype(np.float32) / 32768.0
            t0 = time.perf_counter()
            if pcm.size < SAMPLE_RATE // 10:  # under 100 ms: nothing to recognize
                text, detected, count, share, sureness = "", language, 0, None, {}
            else:
                text, detected, count, share, sureness = transcribe(
                    pcm, language, prompt, hotwords, options)
            ms = (time.perf_counter() - t0) * 1000
            requests += 1
            send({"id": request_id, "text": text, "ms": round(ms, 1),
                  "audio_ms": round(pcm.size * 1000 / SAMPLE_RATE), "language": detected,
                  "segments": count, **({} if share is None else {"known": share}),
                  **sureness})
        except SystemExit:
            raise
        except Cancelled:
            cancelled += 1
            send({"id": request_id, "cancelled": True})
        except Exception as exc:  # noqa: BLE001 - one bad request must not end the process
            send({"id": request_id, "error": f"{type(exc).__name__}: {exc}"})
        finally:
            key = _CURRENT["key"]
            if key is not None:
                with _LOCK:
                    left = _UNANSWERED.pop(key, 1) - 1
                    if left > 0:  # another request with the same id is waiting
                        _UNANSWERED[key] = left
                    else:
                        _CANCELS.discard(key)
    return 0


if __name__ == "__main__":
    try:
        code = main()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 0
    except BrokenPipeError:
        code = 0
    try:
        _ANSWERS.flush()
    except Exception:  # noqa: BLE001
        pass
    os._exit(code)
