#pragma once
// The recording tests' independent check: decodes a video file with libavformat and
// libavcodec (the decoding side, none of the encoder's code) and keeps what the tests
// look at: the size, the number of frames, the frame rate and the first and last
// pictures as RGB, converted with the colour matrix the file declares.
#include <memory>
#include <string>
#include <vector>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/error.h>
#include <libswscale/swscale.h>
}

namespace framelab::video_test {

struct rgb_picture {
  int width = 0;
  int height = 0;
  std::vector<unsigned char> rgb;  // rows top-down

  // The mean of one channel over rows [y0, y1) and columns [x0, x1).
  double mean(int channel, int x0, int y0, int x1, int y1) const {
    double sum = 0.0;
    for (int y = y0; y < y1; ++y)
      for (int x = x0; x < x1; ++x) sum += rgb[(static_cast<std::size_t>(y) * width + x) * 3 + channel];
    return sum / (static_cast<double>(x1 - x0) * (y1 - y0));
  }
};

struct decoded_video {
  std::string error;  // empty: the whole file decoded
  std::string codec;
  int width = 0;
  int height = 0;
  int frames = 0;
  double frame_rate = 0.0;  // the stream's average, frames per second
  rgb_picture first;
  rgb_picture last;
};

namespace detail {

inline std::string av_text(int e) {
  char text[AV_ERROR_MAX_STRING_SIZE] = {};
  av_strerror(e, text, sizeof text);
  return text;
}

inline rgb_picture to_rgb(const AVFrame& frame) {
  rgb_picture picture;
  picture.width = frame.width;
  picture.height = frame.height;
  picture.rgb.resize(static_cast<std::size_t>(frame.width) * frame.height * 3);
  const auto format = static_cast<AVPixelFormat>(frame.format);
  SwsContext* sws = sws_getContext(frame.width, frame.height, format, frame.width, frame.height, AV_PIX_FMT_RGB24,
                                   SWS_POINT, nullptr, nullptr, nullptr);
  if (sws == nullptr) return picture;
  const int matrix = frame.colorspace == AVCOL_SPC_BT709 ? SWS_CS_ITU709 : SWS_CS_DEFAULT;
  sws_setColorspaceDetails(sws, sws_getCoefficients(matrix), frame.color_range == AVCOL_RANGE_JPEG ? 1 : 0,
                           sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16);
  uint8_t* out[1] = {picture.rgb.data()};
  const int out_stride[1] = {frame.width * 3};
  sws_scale(sws, frame.data, frame.linesize, 0, frame.height, out, out_stride);
  sws_freeContext(sws);
  return picture;
}

struct closer {
  AVFormatContext* input = nullptr;
  AVCodecContext* codec = nullptr;
  AVPacket* packet = av_packet_alloc();
  AVFrame* frame = av_frame_alloc();
  ~closer() {
    av_frame_free(&frame);
    av_packet_free(&packet);
    avcodec_free_context(&codec);
    avformat_close_input(&input);
  }
};

}  // namespace detail

inline decoded_video decode_video(const std::string& path) {
  decoded_video video;
  detail::closer av;
  if (int e = avformat_open_input(&av.input, path.c_str(), nullptr, nullptr); e < 0) {
    video.error = "cannot open " + path + ": " + detail::av_text(e);
    return video;
  }
  if (int e = avformat_find_stream_info(av.input, nullptr); e < 0) {
    video.error = "no stream info: " + detail::av_text(e);
    return video;
  }
  const AVCodec* decoder = nullptr;
  const int stream = av_find_best_stream(av.input, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0);
  if (stream < 0 || decoder == nullptr) {
    video.error = "no video stream in " + path;
    return video;
  }
  const AVStream& s = *av.input->streams[stream];
  video.codec = decoder->name;
  video.frame_rate = s.avg_frame_rate.den != 0 ? av_q2d(s.avg_frame_rate) : 0.0;
  av.codec = avcodec_alloc_context3(decoder);
  avcodec_parameters_to_context(av.codec, s.codecpar);
  if (int e = avcodec_open2(av.codec, decoder, nullptr); e < 0) {
    video.error = "cannot open the decoder: " + detail::av_text(e);
    return video;
  }
  const auto take_frames = [&]() -> bool {
    for (;;) {
      const int e = avcodec_receive_frame(av.codec, av.frame);
      if (e == AVERROR(EAGAIN) || e == AVERROR_EOF) return true;
      if (e < 0) {
        video.error = "decoding failed: " + detail::av_text(e);
        return false;
      }
      if (video.frames == 0) {
        video.width = av.frame->width;
        video.height = av.frame->height;
        video.first = detail::to_rgb(*av.frame);
      }
      video.last = detail::to_rgb(*av.frame);
      ++video.frames;
      av_frame_unref(av.frame);
    }
  };
  while (av_read_frame(av.input, av.packet) >= 0) {
    const bool ours = av.packet->stream_index == stream;
    const int e = ours ? avcodec_send_packet(av.codec, av.packet) : 0;
    av_packet_unref(av.packet);
    if (e < 0) {
      video.error = "the decoder refused a packet: " + detail::av_text(e);
      return video;
    }
    if (ours && !take_frames()) return video;
  }
  avcodec_send_packet(av.codec, nullptr);  // drain the frames the decoder still holds
  take_frames();
  return video;
}

}  // namespace framelab::video_test
