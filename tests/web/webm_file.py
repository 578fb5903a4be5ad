"""Reads what a WebM file says about its timing, written from the Matroska specification
(https://www.matroska.org/technical/elements.html) independently of the page's writer
(app/platform/web_shell.html's `webm`), so that page_features_test can check the page's video.

Every element is an EBML element: an ID (1-4 bytes; the count of leading zero bits of the first
byte + 1 is its length, the marker bit kept in the ID), a size (a variable-length integer: the
same length rule, the marker bit taken off the value; all value bits set means "unknown", as a
live MediaRecorder writes its Segment and Clusters) and the payload. The reader walks the file
flat: it steps into the elements that hold others (Segment, Info, Tracks, Cluster, ...) and over
every other payload, so unknown sizes need no special case. A SimpleBlock's time is its
Cluster's Timecode plus its own signed 16-bit offset, in TimecodeScale nanoseconds; so is a
Block's (in a BlockGroup, as Chromium's MediaRecorder writes frames with alpha)."""
import struct

EBML, DOC_TYPE = 0x1A45DFA3, 0x4282
SEGMENT, INFO, TRACKS, TRACK_ENTRY, VIDEO, CLUSTER, BLOCK_GROUP = (
    0x18538067, 0x1549A966, 0x1654AE6B, 0xAE, 0xE0, 0x1F43B675, 0xA0)
TIMECODE_SCALE, DURATION, CODEC_ID, DEFAULT_DURATION = 0x2AD7B1, 0x4489, 0x86, 0x23E383
PIXEL_WIDTH, PIXEL_HEIGHT, TIMECODE, SIMPLE_BLOCK, BLOCK = 0xB0, 0xBA, 0xE7, 0xA3, 0xA1
CUES, CUE_POINT, CUE_TRACK_POSITIONS, CUE_TIME, CUE_CLUSTER_POSITION = 0x1C53BB6B, 0xBB, 0xB7, 0xB3, 0xF1
CONTAINERS = {EBML, SEGMENT, INFO, TRACKS, TRACK_ENTRY, VIDEO, CLUSTER, BLOCK_GROUP, CUES, CUE_POINT,
              CUE_TRACK_POSITIONS}


class WebmError(Exception):
    pass


def read_vint(data, at, keep_marker):
    """(value, length) of the variable-length integer at `at`; value None when 'unknown'."""
    if at >= len(data) or data[at] == 0:
        raise WebmError(f"no EBML number at byte {at}")
    length = 8 - data[at].bit_length() + 1
    if at + length > len(data):
        raise WebmError(f"the EBML number at byte {at} runs past the end")
    value = int.from_bytes(data[at:at + length], "big")
    if keep_marker:
        return value, length
    value &= (1 << (7 * length)) - 1
    return (None if value == (1 << (7 * length)) - 1 else value), length


def timing(data):
    """What the file says: doc_type, timecode_scale (ns), duration (s, None when absent),
    codec_id, default_duration (s or None), width, height, blocks: [(time s, keyframe or None)],
    clusters: [(time s, where it starts counted from the Segment's payload)] and cues: the same
    pairs as the Cues say them (for seeking)."""
    found = {"doc_type": None, "timecode_scale": 1_000_000, "duration_ticks": None, "codec_id": None,
             "default_duration": None, "width": None, "height": None}
    blocks_ticks, clusters, cues = [], [], []
    cluster_time = None
    segment_payload = None
    at = 0
    if data[:4] != bytes.fromhex("1a45dfa3"):
        raise WebmError(f"starts {data[:4].hex(' ')}, not the EBML header 1a 45 df a3")
    while at < len(data):
        element, id_length = read_vint(data, at, keep_marker=True)
        size, size_length = read_vint(data, at + id_length, keep_marker=False)
        payload = at + id_length + size_length
        if element == SEGMENT:
            segment_payload = payload
        elif element == CLUSTER:
            clusters.append([None, at - segment_payload])
        if element in CONTAINERS:
            at = payload
            continue
        if size is None or payload + size > len(data):
            raise WebmError(f"element {element:x} at byte {at} has no size or runs past the end")
        body = data[payload:payload + size]
        unsigned = int.from_bytes(body, "big")
        if element == DOC_TYPE:
            found["doc_type"] = body.decode("ascii")
        elif element == TIMECODE_SCALE:
            found["timecode_scale"] = unsigned
        elif element == DURATION:
            found["duration_ticks"] = struct.unpack(">d" if size == 8 else ">f", body)[0]
        elif element == CODEC_ID:
            found["codec_id"] = body.decode("ascii")
        elif element == DEFAULT_DURATION:
            found["default_duration"] = unsigned / 1e9
        elif element == PIXEL_WIDTH:
            found["width"] = unsigned
        elif element == PIXEL_HEIGHT:
            found["height"] = unsigned
        elif element == TIMECODE:
            cluster_time = unsigned
            clusters[-1][0] = unsigned
        elif element == CUE_TIME:
            cues.append([unsigned, None])
        elif element == CUE_CLUSTER_POSITION:
            cues[-1][1] = unsigned
        elif element in (SIMPLE_BLOCK, BLOCK):
            _, track_length = read_vint(body, 0, keep_marker=False)
            relative, flags = struct.unpack(">hB", body[track_length:track_length + 3])
            if cluster_time is None:
                raise WebmError(f"a SimpleBlock at byte {at} before any Cluster Timecode")
            # a Block (in a BlockGroup) has no keyframe flag: None
            blocks_ticks.append((cluster_time + relative, bool(flags & 0x80) if element == SIMPLE_BLOCK else None))
        at = payload + size
    scale = found.pop("timecode_scale") / 1e9
    ticks = found.pop("duration_ticks")
    found["timecode_scale"] = scale * 1e9
    found["duration"] = None if ticks is None else ticks * scale
    found["blocks"] = [(t * scale, key) for t, key in blocks_ticks]
    found["clusters"] = [(t * scale, position) for t, position in clusters]
    found["cues"] = [(t * scale, position) for t, position in cues]
    return found
