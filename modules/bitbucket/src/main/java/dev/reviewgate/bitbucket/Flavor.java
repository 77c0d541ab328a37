package dev.reviewgate.bitbucket;

/** Which Bitbucket a configuration reaches: the hosted one (REST 2.0) or a company's own server (REST 1.0). */
public enum Flavor {
  CLOUD("Bitbucket Cloud"),
  DC("Bitbucket Data Center");

  private final String title;

  Flavor(String title) {
    this.title = title;
  }

  /** The forge's name in messages. */
  String title() {
    return title;
  }
}
