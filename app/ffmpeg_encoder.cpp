#include "app/ffmpeg_encoder.hpp"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/log.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

#include <utility>

#include "common/atomic_file.hpp"

namespace framelab {

namespace {

std::string describe_av_error(int av_error) {
  char text[AV_ERROR_MAX_STRING_SIZE] = {};
  if (av_strerror(av_error, text, sizeof text) < 0) return "libav error " + std::to_string(av_error);
  return text;
}

const AVCodec* find_mp4_encoder() {
  if (const AVCodec* x264 = avcodec_find_encoder_by_name("libx264")) return x264;
  return avcodec_find_encoder(AV_CODEC_ID_MPEG4);
}

// Debian's libavcodec links libvpx; a build without it refuses .webm (open_encoder says so).
const AVCodec* find_encoder(video_format format) {
  if (format == video_format::gif) return avcodec_find_encoder(AV_CODEC_ID_GIF);
  if (format == video_format::webm) return avcodec_find_encoder_by_name("libvpx");
  return find_mp4_encoder();
}

const char* missing_encoder(video_format format) {
  if (format == video_format::gif) return "this libavcodec has no GIF encoder";
  if (format == video_format::webm) return "this libavcodec has no VP8 encoder (libvpx) for .webm; record an .mp4";
  return "this libavcodec has neither libx264 nor an MPEG-4 encoder";
}

// RGBA to the encoder's pixels, same size. Down to the GIF's 256 colours an ordered
// (Bayer) dither keeps the colours and compresses well; swscale's default, error
// diffusion, makes every frame differ everywhere: 25 times larger files (measured on
// the carousel at 1280x720: 10.8 MB against 0.41 MB for 30 frames).
SwsContext* make_converter(int width, int height, AVPixelFormat to) {
  SwsContext* convert = sws_alloc_context();
  if (convert == nullptr) return nullptr;
  av_opt_set_int(convert, "srcw", width, 0);
  av_opt_set_int(convert, "srch", height, 0);
  av_opt_set_int(convert, "src_format", AV_PIX_FMT_RGBA, 0);
  av_opt_set_int(convert, "dstw", width, 0);
  av_opt_set_int(convert, "dsth", height, 0);
  av_opt_set_int(convert, "dst_format", to, 0);
  av_opt_set_int(convert, "sws_flags", SWS_BICUBIC, 0);
  if (to == AV_PIX_FMT_RGB8) av_opt_set(convert, "sws_dither", "bayer", 0);
  if (sws_init_context(convert, nullptr, nullptr) < 0) {
    sws_freeContext(convert);
    return nullptr;
  }
  return convert;
}

}  // namespace

struct ffmpeg_encoder::libav {
  AVFormatContext* output = nullptr;  // the muxer; output->pb is the open file
  AVCodecContext* codec = nullptr;
  AVStream* stream = nullptr;  // owned by `output`
  AVFrame* frame = nullptr;    // the converted picture handed to the encoder
  AVPacket* packet = nullptr;
  SwsContext* convert = nullptr;
  bool header_written = false;  // and no trailer yet

  ~libav() {
    // An abandoned file still gets its trailer (and is then removed): libavformat 59's GIF
    // muxer frees the packet it holds back only there.
    if (header_written) av_write_trailer(output);
    sws_freeContext(convert);
    av_packet_free(&packet);
    av_frame_free(&frame);
    avcodec_free_context(&codec);
    if (output != nullptr) {
      avio_closep(&output->pb);
      avformat_free_context(output);
    }
  }
};

ffmpeg_encoder::ffmpeg_encoder() = default;

ffmpeg_encoder::~ffmpeg_encoder() {
  discard();
}

std::string ffmpeg_encoder::mp4_encoder_name() {
  const AVCodec* codec = find_mp4_encoder();
  return codec != nullptr ? codec->name : "none";
}

std::optional<std::string> ffmpeg_encoder::fail(const std::string& what, int av_error) {
  failed_ = true;
  discard();
  return path_ + ": " + what + (av_error != 0 ? ": " + describe_av_error(av_error) : "");
}

void ffmpeg_encoder::discard() {
  av_.reset();  // closes the file before it is removed
  if (temporary_.empty()) return;
  std::error_code ec;
  std::filesystem::remove(temporary_, ec);
  temporary_.clear();
}

std::optional<std::string> ffmpeg_encoder::open(const std::string& path, video_format format, int width, int height,
                                                int fps) {
  path_ = path;
  width_ = width;
  height_ = height;
  if (auto error = check_video_size(format, width, height)) return path + ": " + *error;
  if (auto error = check_video_output(path, format)) return error;
  // libx264 and the muxers report their settings and statistics at the default level;
  // the command line has its own progress lines, so only errors are let through.
  av_log_set_level(AV_LOG_ERROR);
  av_ = std::make_unique<libav>();
  // The temporary name has no known extension: the muxer is named, not guessed.
  const std::string temporary = temporary_path_for(path).string();
  const char* muxer = format == video_format::gif ? "gif" : format == video_format::webm ? "webm" : "mp4";
  if (int e = avformat_alloc_output_context2(&av_->output, nullptr, muxer, temporary.c_str()); e < 0) {
    return fail(std::string("no ") + muxer + " muxer in this libavformat", e);
  }
  if (auto error = open_encoder(format, fps)) return error;
  if (int e = avio_open(&av_->output->pb, temporary.c_str(), AVIO_FLAG_WRITE); e < 0) {
    return fail("cannot create the file", e);
  }
  temporary_ = temporary;
  return open_output();
}

std::optional<std::string> ffmpeg_encoder::open_encoder(video_format format, int fps) {
  const AVCodec* codec = find_encoder(format);
  if (codec == nullptr) return fail(missing_encoder(format), 0);
  av_->codec = avcodec_alloc_context3(codec);
  av_->packet = av_packet_alloc();
  av_->frame = av_frame_alloc();
  if (av_->codec == nullptr || av_->packet == nullptr || av_->frame == nullptr) return fail("out of memory", 0);
  AVCodecContext& c = *av_->codec;
  c.width = width_;
  c.height = height_;
  c.time_base = AVRational{1, fps};
  c.framerate = AVRational{fps, 1};
  AVPixelFormat pixels = AV_PIX_FMT_RGB8;
  if (needs_even_sides(format)) {
    pixels = AV_PIX_FMT_YUV420P;
    c.gop_size = 2 * fps;  // a key frame every 2 s: a slide can seek
    // BT.709 is what players assume for HD video; swscale converts with the same matrix. VP8
    // cannot say which matrix it holds and its decoders take BT.601: a .webm is converted so.
    c.colorspace = format == video_format::webm ? AVCOL_SPC_BT470BG : AVCOL_SPC_BT709;
    c.color_primaries = AVCOL_PRI_BT709;
    c.color_trc = AVCOL_TRC_BT709;
    c.color_range = AVCOL_RANGE_MPEG;
    if (std::string(codec->name) == "libx264") {
      av_opt_set(c.priv_data, "preset", "veryfast", 0);
      av_opt_set(c.priv_data, "crf", "18", 0);
    } else if (format == video_format::webm) {
      // VP8 at constrained quality: crf 8 under a 12 Mbit/s ceiling keeps UI text sharp;
      // "realtime" with cpu-used 8 keeps pace with 60 fps drawing on one core.
      c.bit_rate = 12'000'000;
      av_opt_set(c.priv_data, "crf", "8", 0);
      av_opt_set(c.priv_data, "deadline", "realtime", 0);
      av_opt_set_int(c.priv_data, "cpu-used", 8, 0);
    } else {
      c.flags |= AV_CODEC_FLAG_QSCALE;  // MPEG-4 part 2: constant quantiser 3 (high quality)
      c.global_quality = FF_QP2LAMBDA * 3;
    }
  }
  c.pix_fmt = pixels;
  if ((av_->output->oformat->flags & AVFMT_GLOBALHEADER) != 0) c.flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
  if (int e = avcodec_open2(&c, codec, nullptr); e < 0)
    return fail(std::string("cannot open the ") + codec->name + " encoder", e);

  av_->stream = avformat_new_stream(av_->output, nullptr);
  if (av_->stream == nullptr) return fail("out of memory", 0);
  av_->stream->time_base = c.time_base;
  if (int e = avcodec_parameters_from_context(av_->stream->codecpar, &c); e < 0) return fail("encoder parameters", e);

  av_->frame->format = pixels;
  av_->frame->width = width_;
  av_->frame->height = height_;
  if (int e = av_frame_get_buffer(av_->frame, 0); e < 0) return fail("out of memory for a frame", e);
  av_->convert = make_converter(width_, height_, pixels);
  if (av_->convert == nullptr) return fail("swscale cannot convert RGBA to this encoder's pixels", 0);
  if (needs_even_sides(format)) {
    // Source: full-range RGB (the matrix is unused for RGB); destination: BT.709, limited range.
    sws_setColorspaceDetails(av_->convert, sws_getCoefficients(SWS_CS_DEFAULT), 1,
                             sws_getCoefficients(format == video_format::webm ? SWS_CS_ITU601 : SWS_CS_ITU709),
                             0, 0, 1 << 16, 1 << 16);
  }
  return std::nullopt;
}

std::optional<std::string> ffmpeg_encoder::open_output() {
  AVDictionary* options = nullptr;
  if (std::string(av_->output->oformat->name) == "mp4") av_dict_set(&options, "movflags", "+faststart", 0);
  const int e = avformat_write_header(av_->output, &options);
  av_dict_free(&options);
  if (e < 0) return fail("cannot write the header", e);
  av_->header_written = true;
  return std::nullopt;
}

std::optional<std::string> ffmpeg_encoder::add_frame(const unsigned char* rgba_bottom_up) {
  if (failed_ || !av_) return path_ + ": the recording is not open";
  if (int e = av_frame_make_writable(av_->frame); e < 0) return fail("frame buffer", e);
  // GL's first row is the bottom of the picture: start at the last row, step backwards.
  const int stride = width_ * 4;
  const uint8_t* source[1] = {rgba_bottom_up + static_cast<std::ptrdiff_t>(stride) * (height_ - 1)};
  const int source_stride[1] = {-stride};
  sws_scale(av_->convert, source, source_stride, 0, height_, av_->frame->data, av_->frame->linesize);
  av_->frame->pts = frames_;
  if (auto error = encode(av_->frame)) return error;
  ++frames_;
  return std::nullopt;
}

std::optional<std::string> ffmpeg_encoder::encode(const AVFrame* frame) {
  if (int e = avcodec_send_frame(av_->codec, frame); e < 0) return fail("the encoder refused a frame", e);
  for (;;) {
    const int e = avcodec_receive_packet(av_->codec, av_->packet);
    if (e == AVERROR(EAGAIN) || e == AVERROR_EOF) return std::nullopt;
    if (e < 0) return fail("encoding failed", e);
    // Every frame lasts 1/fps: without a duration the container's length (and the frame
    // rate players read from it) misses the last frame.
    if (av_->packet->duration == 0) av_->packet->duration = 1;
    av_packet_rescale_ts(av_->packet, av_->codec->time_base, av_->stream->time_base);
    av_->packet->stream_index = av_->stream->index;
    if (int w = av_interleaved_write_frame(av_->output, av_->packet); w < 0) return fail("cannot write", w);
  }
}

std::optional<std::string> ffmpeg_encoder::finish() {
  if (failed_ || !av_) {
    discard();
    return path_ + ": the recording failed; nothing was written";
  }
  if (auto error = encode(nullptr)) return error;
  av_->header_written = false;
  if (int e = av_write_trailer(av_->output); e < 0) return fail("cannot finish the file", e);
  if (int e = avio_closep(&av_->output->pb); e < 0) return fail("cannot close the file", e);
  av_.reset();
  const std::filesystem::path temporary = std::exchange(temporary_, {});
  if (auto error = commit_temporary_file(temporary, path_)) {
    failed_ = true;
    return path_ + ": " + *error;
  }
  return std::nullopt;
}

}  // namespace framelab
