"""Offline voice-note transcription (Whisper) for the bot.

Modules: `config` (VoiceSettings), `audio` (PyAV decoding), `weights` (bundled weights: assembly and
conversion), `engines` (openai-whisper / faster-whisper behind one interface), `filters` (silence and
hallucination rules), `service` (the bounded, off-loop transcriber the handler uses).
Nothing here imports torch or Whisper at import time.
"""
